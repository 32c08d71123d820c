import type { Route } from "./+types/rss.xml";
import { servicesContext } from "~/context";
import { readPostFeed } from "~/data/posts.server";
import { publicResource } from "~/lib/feeds/response";
import { RSS_ITEMS } from "~/lib/feeds/rss";
import { buildRss } from "~/lib/feeds/rss.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env, settings } = context.get(servicesContext);
  const posts = await readPostFeed(db, RSS_ITEMS);
  return publicResource(
    buildRss(env.SITE_URL, settings, posts),
    "application/rss+xml; charset=utf-8",
  );
}
