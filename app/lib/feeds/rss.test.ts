import { expect, test } from "vitest";

import { defaultSettings } from "~/config/default-settings";

import { buildRss } from "./rss";

const post = {
  slug: "rock & roll",
  title: 'Loud <Nights> & "Encores"',
  excerpt: "Ampersands & angle brackets </description> stay text.",
  date: "2025-06-14",
  category: "Live Music",
  author: "Jordan Avery",
};

test("titles and excerpts are escaped, links are absolute, the feed links to itself", () => {
  const xml = buildRss("https://example.org", defaultSettings, [post]);
  expect(xml).toContain(
    "<title>Loud &lt;Nights&gt; &amp; &quot;Encores&quot;</title>",
  );
  expect(xml).toContain(
    "Ampersands &amp; angle brackets &lt;/description&gt; stay text.",
  );
  expect(xml).toContain(
    "<link>https://example.org/post/rock%20%26%20roll</link>",
  );
  expect(xml).toContain(
    '<atom:link href="https://example.org/rss.xml" rel="self" type="application/rss+xml"/>',
  );
  expect(xml).toContain("<pubDate>Sat, 14 Jun 2025 12:00:00 GMT</pubDate>");
});

test("an empty feed is still a valid channel", () => {
  const xml = buildRss("https://example.org", defaultSettings, [], new Date(0));
  expect(xml).toContain("<channel>");
  expect(xml).not.toContain("<item>");
});
