import { describe, expect, it } from "vitest";

import { anchorHeadings, headingId, htmlText } from "./post-contents.server";
import { sanitizePostHtml } from "./sanitize.server";

describe("heading ids", () => {
  it("come from the heading's words, lower case, joined by dashes", () => {
    expect(headingId("Why Mentoring Works", new Set())).toBe(
      "why-mentoring-works",
    );
    expect(headingId("  Q&A: what's next?  ", new Set())).toBe(
      "q-a-what-s-next",
    );
    expect(headingId("Day 1 — Vík → Höfn", new Set())).toBe("day-1-vík-höfn");
  });

  it("keep letters of any script", () => {
    expect(headingId("東京の朝", new Set())).toBe("東京の朝");
    expect(headingId("Привет, мир", new Set())).toBe("привет-мир");
    expect(headingId("नमस्ते दुनिया", new Set())).toBe("नमस्ते-दुनिया");
  });

  it("are unique within the post", () => {
    const taken = new Set<string>();
    expect(headingId("Gear", taken)).toBe("gear");
    expect(headingId("Gear", taken)).toBe("gear-2");
    expect(headingId("gear!", taken)).toBe("gear-3");
    expect(headingId("Gear 2", taken)).toBe("gear-2-2");
  });

  it("say 'section' for a heading without letters or digits", () => {
    const taken = new Set<string>();
    expect(headingId("???", taken)).toBe("section");
    expect(headingId("", taken)).toBe("section-2");
  });

  it("stay short", () => {
    expect(headingId("word ".repeat(40), new Set()).length).toBeLessThanOrEqual(
      64,
    );
  });
});

describe("anchorHeadings", () => {
  const body = sanitizePostHtml(
    [
      "<p>Intro</p>",
      '<h2 id="evil" onclick="x()">Getting <em>started</em> &amp; why</h2>',
      "<h3>Contents</h3>",
      "<h2>Getting started &amp; why</h2>",
      "<h4>Not listed</h4>",
    ].join(""),
  );

  it("gives each H2 and H3 an id and a link to itself, and lists them", () => {
    const { html, headings } = anchorHeadings(body);
    expect(headings).toEqual([
      { id: "getting-started-why", text: "Getting started & why", level: 2 },
      // The page's own ids are never taken by a heading.
      { id: "contents-2", text: "Contents", level: 3 },
      { id: "getting-started-why-2", text: "Getting started & why", level: 2 },
    ]);
    expect(html).toContain(
      '<h2 id="getting-started-why">Getting <em>started</em> &amp; why<a class="heading-anchor" href="#getting-started-why" aria-label="Link to this section">#</a></h2>',
    );
    expect(html).toContain("<h4>Not listed</h4>");
    expect(html).not.toContain("evil");
  });

  it("gives the same ids when the same post is saved again", () => {
    const again = anchorHeadings(sanitizePostHtml(body));
    expect(again.headings).toEqual(anchorHeadings(body).headings);
  });
});

describe("htmlText", () => {
  it("drops tags and reads character references", () => {
    expect(htmlText("<b>Tom</b> &amp; Jerry&#39;s &#x2014; <i>show</i>")).toBe(
      "Tom & Jerry's — show",
    );
  });
});
