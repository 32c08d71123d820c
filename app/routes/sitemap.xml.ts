import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";

import type { Route } from "./+types/sitemap.xml";
import { servicesContext } from "~/context";
import { readFeedPosts, readLatestContent } from "~/data/feeds.server";
import { publicResource } from "~/lib/feeds/response";
import { buildSitemap, pageEntries } from "~/lib/feeds/sitemap";

// Pages without content rows changed last when the code did: this module's
// file is written by every build.
const builtAt = statSync(fileURLToPath(import.meta.url)).mtime;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const [latest, posts] = await Promise.all([
    readLatestContent(db),
    readFeedPosts(db).catch(() => []),
  ]);
  const postEntries = posts.map((post) => {
    const dated = new Date(`${post.date}T00:00:00Z`);
    const lastmod =
      post.createdAt && post.createdAt > dated ? post.createdAt : dated;
    return { path: `/post/${encodeURIComponent(post.slug)}`, lastmod };
  });
  return publicResource(
    buildSitemap(env.SITE_URL, [
      ...pageEntries(latest, builtAt),
      ...postEntries,
    ]),
    "application/xml; charset=utf-8",
  );
}
