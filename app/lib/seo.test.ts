import type { MetaDescriptor } from "react-router";
import { expect, test } from "vitest";

import { archiveOf } from "./page-param";
import { pageMeta, socialCardPath } from "./seo";

const args = (pathname: string) => ({
  location: { pathname },
  matches: [{ id: "root", loaderData: { siteUrl: "https://example.org" } }],
});

function content(tags: MetaDescriptor[], key: string): string | undefined {
  for (const tag of tags) {
    const record = tag as Record<string, string>;
    if (record.property === key || record.name === key) return record.content;
  }
  return undefined;
}

test("a page without an image gets the site's card, its size and a canonical URL", () => {
  const tags = pageMeta(args("/about"), {
    page: "About Me",
    description: "About.",
  });
  expect(tags).toContainEqual({ title: "About Me | Live Seasoned" });
  expect(tags).toContainEqual({
    tagName: "link",
    rel: "canonical",
    href: "https://example.org/about",
  });
  expect(content(tags, "og:image")).toBe("https://example.org/social/site.png");
  expect(content(tags, "og:image:width")).toBe("1200");
  expect(content(tags, "twitter:card")).toBe("summary_large_image");
  expect(content(tags, "og:locale")).toBe("en_US");
});

test("a post is an article with its own times and image", () => {
  const tags = pageMeta(args("/post/first-light"), {
    page: "First Light",
    description: "Up early.",
    image: socialCardPath("first-light"),
    article: { publishedTime: "2025-06-14", section: "Hiking & Nature" },
  });
  expect(content(tags, "og:type")).toBe("article");
  expect(content(tags, "og:image")).toBe(
    "https://example.org/social/post/first-light.png",
  );
  expect(content(tags, "article:published_time")).toBe("2025-06-14");
  expect(content(tags, "article:section")).toBe("Hiking & Nature");
});

test("a title given whole and a canonical address replace the page's own", () => {
  const tags = pageMeta(args("/post/first-light"), {
    page: "First Light",
    title: "Sunrise hikes, explained",
    canonical: "https://elsewhere.example.com/first-light",
    description: "Up early.",
  });
  expect(tags).toContainEqual({ title: "Sunrise hikes, explained" });
  expect(content(tags, "og:title")).toBe("Sunrise hikes, explained");
  // X falls back to the Open Graph title: no second copy of it.
  expect(content(tags, "twitter:title")).toBeUndefined();
  expect(tags).toContainEqual({
    tagName: "link",
    rel: "canonical",
    href: "https://elsewhere.example.com/first-light",
  });
  expect(content(tags, "og:url")).toBe(
    "https://elsewhere.example.com/first-light",
  );
});

test("an image of the post's own has no size claimed for it", () => {
  const tags = pageMeta(args("/post/x"), {
    page: "X",
    description: "X.",
    image: "/images/x.jpg",
  });
  expect(content(tags, "og:image")).toBe("https://example.org/images/x.jpg");
  expect(content(tags, "og:image:width")).toBeUndefined();
});

test("an archive page names itself in its title and canonical URL, and links its neighbours", () => {
  const links = (tags: MetaDescriptor[]) =>
    tags.flatMap((tag) =>
      "tagName" in tag && tag.tagName === "link"
        ? [`${String(tag.rel)} ${String(tag.href)}`]
        : [],
    );
  const second = pageMeta(
    { ...args("/music"), location: { pathname: "/music", search: "?page=2" } },
    {
      page: "Live Music",
      description: "Concerts.",
      archive: archiveOf({
        ...args("/music"),
        location: { pathname: "/music", search: "?page=2" },
        loaderData: { pages: { page: 2, pageCount: 3 } },
      }),
    },
  );
  expect(second).toContainEqual({
    title: "Live Music, Page 2 | Live Seasoned",
  });
  expect(links(second)).toEqual([
    "canonical https://example.org/music?page=2",
    "prev https://example.org/music",
    "next https://example.org/music?page=3",
  ]);

  const first = pageMeta(args("/music"), {
    page: "Live Music",
    description: "Concerts.",
    archive: { page: 1, pageCount: 1 },
  });
  expect(first).toContainEqual({ title: "Live Music | Live Seasoned" });
  expect(links(first)).toEqual(["canonical https://example.org/music"]);
});
