// /rss.xml: RSS 2.0, the newest posts first, with an atom:self link. Items
// carry the excerpt (or the search description), not the body, and only the
// newest RSS_ITEMS (docs/decisions/020): a reader polls the feed for what is
// new, and the feed's size must not grow with the archive. Server only: the
// layout's feed link needs just the address (./rss.ts).
import type { PostSearchFields } from "~database/post-lifecycle/model";
import { pageTitle } from "~/config/site";
import type { SiteSettings } from "~/config/site";
import { postSearchView } from "~/lib/post-search";
import type { PostSummary } from "~/lib/posts";

import { RSS_PATH } from "./rss";
import { escapeXml } from "./xml";

/** What an item needs of a post, as the pages' reader gives it. */
export type FeedPost = Pick<
  PostSummary,
  "slug" | "title" | "excerpt" | "date" | "category" | "author"
> &
  Partial<Pick<PostSearchFields, "searchTitle" | "searchDescription">>;

/** RFC 822 date, as RSS 2.0 requires (posts are dated by day: noon UTC keeps the day in every zone a reader is likely in). */
function rfc822(date: string): string {
  const parsed = new Date(`${date}T12:00:00Z`);
  return (Number.isNaN(parsed.getTime()) ? new Date(0) : parsed).toUTCString();
}

export function buildRss(
  siteUrl: string,
  settings: SiteSettings,
  posts: ReadonlyArray<FeedPost>,
  now: Date = new Date(),
): string {
  const items = posts.map((post) => {
    // The post's search title and description where given (decision 043);
    // the link stays the post's own address, the item's lasting id.
    const shown = postSearchView(post, {
      siteUrl,
      productName: settings.productName,
    });
    return [
      "    <item>",
      `      <title>${escapeXml(shown.headline)}</title>`,
      `      <link>${escapeXml(shown.url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(shown.url)}</guid>`,
      `      <description>${escapeXml(shown.description)}</description>`,
      `      <category>${escapeXml(post.category)}</category>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      `      <pubDate>${rfc822(post.date)}</pubDate>`,
      "    </item>",
    ].join("\n");
  });
  const newest = posts[0]?.date;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(pageTitle("Posts", settings.productName))}</title>`,
    `    <link>${escapeXml(`${siteUrl}/content-hub`)}</link>`,
    `    <description>${escapeXml(settings.description)}</description>`,
    `    <language>${escapeXml(settings.locale.toLowerCase())}</language>`,
    `    <atom:link href="${escapeXml(siteUrl + RSS_PATH)}" rel="self" type="application/rss+xml"/>`,
    `    <lastBuildDate>${newest ? rfc822(newest) : now.toUTCString()}</lastBuildDate>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
