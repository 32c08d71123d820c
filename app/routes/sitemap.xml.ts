import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { data } from "react-router";

import type { Route } from "./+types/sitemap.xml";
import { servicesContext } from "~/context";
import { readLatestContent } from "~/data/feeds.server";
import { readPostCounts, readPostFeed } from "~/data/posts.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { publicResource } from "~/lib/feeds/response";
import {
  archivePageEntries,
  buildSitemap,
  buildSitemapIndex,
  pageEntries,
  sitemapParts,
} from "~/lib/feeds/sitemap";

// Pages without content rows changed last when the code did: this module's
// file is written by every build.
const builtAt = statSync(fileURLToPath(import.meta.url)).mtime;

const XML = "application/xml; charset=utf-8";

/**
 * /sitemap.xml, and /sitemaps/N.xml when the site outgrows one file. Without
 * its posts a sitemap would tell crawlers the site has none: a failed read
 * is logged and answered 503 (try again later), never kept by the page cache.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db, env } = services;
  const read = await Promise.all([
    readLatestContent(db),
    readPostFeed(db),
    readPostCounts(db),
  ]).catch((error: unknown) => {
    reportReadFailure(services, "sitemap posts").report(error);
    return null;
  });
  if (!read) {
    return new Response("The sitemap is unavailable; try again shortly.\n", {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "60",
      },
    });
  }
  const [latest, posts, counts] = read;
  const postEntries = posts.map((post) => {
    const dated = new Date(`${post.date}T00:00:00Z`);
    const lastmod =
      post.createdAt && post.createdAt > dated ? post.createdAt : dated;
    return { path: `/post/${encodeURIComponent(post.slug)}`, lastmod };
  });
  const postsChanged = latest.get("posts") ?? builtAt;
  const parts = sitemapParts([
    ...pageEntries(latest, builtAt),
    ...archivePageEntries(
      counts,
      postsChanged > builtAt ? postsChanged : builtAt,
    ),
    ...postEntries,
  ]);
  const file = "file" in params ? params.file : undefined;
  if (file === undefined) {
    return publicResource(
      parts.length === 1
        ? buildSitemap(env.SITE_URL, parts[0] ?? [])
        : buildSitemapIndex(env.SITE_URL, parts),
      XML,
    );
  }
  const part = /^([1-9]\d{0,3})\.xml$/.exec(file);
  const entries = part && parts.length > 1 ? parts[Number(part[1]) - 1] : null;
  if (!entries) throw data("Not found", { status: 404 });
  return publicResource(buildSitemap(env.SITE_URL, entries), XML);
}
