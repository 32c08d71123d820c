import { describe, expect, test } from "vitest";

import {
  detailsForForm,
  fieldErrors,
  postInputSchema,
  publishProblems,
  slugify,
} from "./post-schema";

const post = {
  title: "Sunrise",
  slug: "sunrise",
  excerpt: "",
  category: "Notes",
  author: "Jordan Avery",
  date: "2026-11-22",
  image: "",
  content: "<p>Hi</p>",
  meta: null,
};

describe("the post form's schema", () => {
  test("search and sharing fields are optional: empty (or left out) is none", () => {
    const empty = postInputSchema.parse({
      ...post,
      searchTitle: " ",
      searchDescription: "",
      socialImage: "",
      canonicalUrl: "",
    });
    const absent = postInputSchema.parse(post);
    for (const parsed of [empty, absent])
      expect(parsed).toMatchObject({
        searchTitle: null,
        searchDescription: null,
        socialImage: null,
        canonicalUrl: null,
      });
    expect(
      postInputSchema.parse({
        ...post,
        searchTitle: "  Sunrise hikes, explained ",
        socialImage: "/media/0123456789abcdef0123-1200x630.jpg",
        canonicalUrl: "https://elsewhere.example.com/sunrise",
      }),
    ).toMatchObject({
      searchTitle: "Sunrise hikes, explained",
      socialImage: "/media/0123456789abcdef0123-1200x630.jpg",
      canonicalUrl: "https://elsewhere.example.com/sunrise",
    });
  });

  test("search fields have hard limits past the guidance, and a canonical address must be https", () => {
    const errors = (fields: Record<string, string>) => {
      const parsed = postInputSchema.safeParse({ ...post, ...fields });
      return parsed.success ? {} : fieldErrors(parsed.error);
    };
    // Guidance (about 60 and 155) is not a limit.
    expect(
      errors({
        searchTitle: "t".repeat(200),
        searchDescription: "d".repeat(400),
      }),
    ).toEqual({});
    expect(
      errors({
        searchTitle: "t".repeat(201),
        searchDescription: "d".repeat(401),
      }),
    ).toEqual({
      searchTitle:
        "Keep the search title under 200 characters (search results show about 60).",
      searchDescription:
        "Keep the search description under 400 characters (search results show about 155).",
    });
    const canonical =
      "Give the full secure address of the original (https://…), or leave it empty.";
    for (const address of [
      "http://elsewhere.example.com/sunrise",
      "elsewhere.example.com/sunrise",
      "javascript:alert(1)",
      "https://localhost/sunrise",
    ])
      expect(errors({ canonicalUrl: address }), address).toEqual({
        canonicalUrl: canonical,
      });
    expect(errors({ socialImage: "//evil.example.com/x.png" })).toHaveProperty(
      "socialImage",
    );
  });

  test("slugs come from titles: lowercase words joined by single dashes", () => {
    expect(slugify("Sunrise on the Ridge!")).toBe("sunrise-on-the-ridge");
    expect(slugify("  Café & Crème — Paris ")).toBe("cafe-and-creme-paris");
    expect(
      postInputSchema.safeParse({ ...post, slug: "Not A Slug" }).success,
    ).toBe(false);
  });

  test("each category's details are checked with their documented meanings", () => {
    const concert = (rating: number | null) =>
      postInputSchema.safeParse({
        ...post,
        category: "Live Music",
        meta: { artist: "", venue: "Red Rocks", rating },
      });
    expect(concert(4.5).success).toBe(true);
    expect(concert(null).success).toBe(true);
    expect(concert(4.3).error?.issues[0]?.path).toEqual(["meta", "rating"]);
    expect(concert(6).success).toBe(false);

    const travel = postInputSchema.safeParse({
      ...post,
      category: "Travel Log",
      meta: {
        status: "Visited",
        location: "Kyoto",
        coordinates: [35.0, 135.7],
        highlights: [{ name: "Temples", type: "Sightseeing" }],
        takeaway: "",
      },
    });
    expect(travel.error?.issues[0]?.path).toEqual([
      "meta",
      "highlights",
      0,
      "type",
    ]);
    // Other categories keep whatever details they were given.
    expect(
      postInputSchema.safeParse({ ...post, meta: { any: 1 } }).success,
    ).toBe(true);
    // ...as long as a content file could hold them: a map of names to values.
    for (const meta of [["a list"], "a text", 3])
      expect(
        postInputSchema.safeParse({ ...post, meta }).error?.issues[0]?.path,
      ).toEqual(["meta"]);
  });

  test("an empty image means the default; other addresses must be the site's or the web's", () => {
    expect(postInputSchema.parse(post).image).toBeNull();
    expect(
      postInputSchema.safeParse({ ...post, image: "javascript:alert(1)" })
        .success,
    ).toBe(false);
    // Browsers read a backslash as a slash: '/\\evil.example' is another host.
    for (const image of [
      "/\\evil.example/x.png",
      "//evil.example/x.png",
      "/images/\\x.png",
      "https://example.com\\@evil.example/x.png",
      "http://example.com/x.png",
    ]) {
      const result = postInputSchema.safeParse({ ...post, image });
      expect(result.success, image).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        "Give an address on this site (/…) or a secure web address (https://…), without backslashes.",
      );
    }
    for (const image of ["/images/hike.jpg", "https://example.com/x.png"]) {
      expect(postInputSchema.parse({ ...post, image }).image).toBe(image);
    }
  });

  test("a draft may wait for its category; publishing needs one", () => {
    expect(postInputSchema.safeParse({ ...post, category: "" }).success).toBe(
      true,
    );
    expect(publishProblems({ category: " ", content: "<p>Hi</p>" })).toEqual({
      category: "Choose a category before publishing.",
    });
  });

  test("a draft may wait for its body; publishing needs one (the import refuses a post without)", () => {
    expect(publishProblems({ category: "Notes", content: " " })).toEqual({
      content: "Write the post before publishing.",
    });
    expect(publishProblems({ category: "Notes", content: "<p></p>" })).toEqual(
      {},
    );
  });

  test("stored details open in the form, unreadable ones start empty", () => {
    expect(
      detailsForForm("Hiking & Nature", { location: "Ridge", distance: 4 }),
    ).toEqual({
      location: "Ridge",
      difficulty: "Moderate",
      distance: "4",
      elevationGain: "",
    });
    expect(detailsForForm("Live Music", "nonsense")).toEqual({
      artist: "",
      venue: "",
      rating: null,
    });
  });
});
