import { expect, test } from "vitest";

import { defaultSettings } from "~/config/default-settings";

import { buildRss } from "./rss.server";

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

test("an item carries the post's search title and description when it has them", () => {
  const xml = buildRss("https://example.org", defaultSettings, [
    {
      ...post,
      slug: "first-light",
      searchTitle: "Sunrise hikes, explained",
      searchDescription: "Why a 5 a.m. start pays off.",
    },
    { ...post, slug: "blank", searchTitle: " ", searchDescription: null },
  ]);
  expect(xml).toContain("<title>Sunrise hikes, explained</title>");
  expect(xml).toContain(
    "<description>Why a 5 a.m. start pays off.</description>",
  );
  // The link stays the post's own address.
  expect(xml).toContain("<link>https://example.org/post/first-light</link>");
  expect(xml).toContain(
    "<title>Loud &lt;Nights&gt; &amp; &quot;Encores&quot;</title>",
  );
});
