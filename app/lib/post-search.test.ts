import { expect, test } from "vitest";

import { postSearchView } from "./post-search";

const site = { siteUrl: "https://example.org", productName: "Seasoned" };
const post = {
  slug: "first-light",
  title: "First Light",
  excerpt: "Up before the sun.",
  image: null,
};

test("without search fields a post shows as before: its title, excerpt, drawn card and own address", () => {
  expect(postSearchView(post, site)).toEqual({
    headline: "First Light",
    documentTitle: "First Light | Live Seasoned",
    description: "Up before the sun.",
    image: "/social/post/first-light.png",
    drawnCard: true,
    canonical: "https://example.org/post/first-light",
    url: "https://example.org/post/first-light",
  });
});

test("the hero image stands in for a social image, as it did before", () => {
  const view = postSearchView({ ...post, image: "/images/ridge.jpg" }, site);
  expect(view).toMatchObject({ image: "/images/ridge.jpg", drawnCard: false });
});

test("each search field, when given, is what search results and cards show", () => {
  const view = postSearchView(
    {
      ...post,
      image: "/images/ridge.jpg",
      searchTitle: "Sunrise hikes: a beginner's guide",
      searchDescription: "Why a 5 a.m. start pays off.",
      socialImage: "/media/0123456789abcdef0123-1200x630.jpg",
      canonicalUrl: "https://elsewhere.example.com/first-light",
    },
    site,
  );
  expect(view).toEqual({
    headline: "Sunrise hikes: a beginner's guide",
    // The search title is the whole title, as written.
    documentTitle: "Sunrise hikes: a beginner's guide",
    description: "Why a 5 a.m. start pays off.",
    image: "/media/0123456789abcdef0123-1200x630.jpg",
    drawnCard: false,
    canonical: "https://elsewhere.example.com/first-light",
    url: "https://example.org/post/first-light",
  });
});

test("blank search fields count as unset", () => {
  const view = postSearchView(
    {
      ...post,
      searchTitle: "   ",
      searchDescription: "",
      socialImage: " ",
      canonicalUrl: null,
    },
    site,
  );
  expect(view).toEqual(postSearchView(post, site));
});
