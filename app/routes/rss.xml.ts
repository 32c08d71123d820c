import type { Route } from "./+types/rss.xml";
import { servicesContext } from "~/context";
import { readFeedPosts } from "~/data/feeds.server";
import { publicResource } from "~/lib/feeds/response";
import { buildRss, RSS_ITEMS } from "~/lib/feeds/rss";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env } = context.get(servicesContext);
  const posts = await readFeedPosts(db, RSS_ITEMS);
  return publicResource(
    buildRss(env.SITE_URL, posts),
    "application/rss+xml; charset=utf-8",
  );
}
