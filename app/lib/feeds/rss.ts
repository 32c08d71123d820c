// The RSS feed's address and length, apart from the feed itself
// (./rss.server.ts), so the layout's feed link brings no feed code to the
// browser.
export const RSS_PATH = "/rss.xml";
/** Items in the feed: the newest posts only. */
export const RSS_ITEMS = 20;
