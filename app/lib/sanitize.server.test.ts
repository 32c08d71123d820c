import { createRequire } from "node:module";

import { expect, test } from "vitest";

import {
  GOOGLE_DOCS_HTML,
  WORD_HTML,
  WORD_PROCESSOR_LEFTOVERS,
} from "~tests/support/word-processor-html";

import { sanitizePostHtml } from "./sanitize.server";

test("scripts are removed with their content", () => {
  const html = sanitizePostHtml(
    "<p>Hello</p><script>window.__xss=1</script><SCRIPT src=https://evil.example/x.js></SCRIPT>",
  );
  expect(html).toBe("<p>Hello</p>");
});

test("event handlers are removed from every element", () => {
  const html = sanitizePostHtml(
    '<img src="/images/a.svg" alt="A" onerror="window.__xss=2"><p onclick="alert(1)" onmouseover="x()">Text</p>',
  );
  expect(html).not.toMatch(/on(error|click|mouseover)/i);
  expect(html).toContain('<img src="/images/a.svg" alt="A"');
  expect(html).toContain("<p>Text</p>");
});

test("javascript: and data: URLs are dropped, ordinary links kept", () => {
  const html = sanitizePostHtml(
    '<a href="javascript:window.__xss=3">x</a><a href=" JaVaScRiPt:alert(1)">y</a><img src="data:image/svg+xml,<svg onload=alert(1)>"><a href="https://example.com/a" target="_blank">ok</a><a href="/post/b">local</a>',
  );
  expect(html).not.toMatch(/javascript:|data:/i);
  expect(html).toContain("<a>x</a>");
  expect(html).toContain(
    '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">ok</a>',
  );
  expect(html).toContain('<a href="/post/b">local</a>');
});

test("schemes disguised with entities, control characters or case are dropped too", () => {
  const html = sanitizePostHtml(
    '<a href="java&#x09;script:alert(1)">a</a><a href="&#106;avascript:alert(1)">b</a><a href="jav&#x0A;ascript:alert(1)">c</a><a href="JAVASCRIPT&colon;alert(1)">d</a><img src="vbscript:msgbox(1)">',
  );
  expect(html).not.toMatch(/script|&colon;/i);
  expect(html).toMatch(/^<a>a<\/a><a>b<\/a><a>c<\/a><a>d<\/a><img [^>]*\/>$/);
  expect(html).not.toContain("src=");
});

test("sanitize-html is at least 2.18.1 (after the fix for incomplete URI scheme validation, GHSA-vccv-cmxp-4j9h)", () => {
  const { version } = createRequire(import.meta.url)(
    "sanitize-html/package.json",
  ) as { version: string };
  const [major = 0, minor = 0, patch = 0] = version.split(".").map(Number);
  expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(
    2 * 1e6 + 18 * 1e3 + 1,
  );
});

test("styles, frames, forms and inline SVG are removed", () => {
  const html = sanitizePostHtml(
    '<style>body{display:none}</style><iframe src="https://example.com"></iframe><form action="/x"><input name="a"></form><svg><script>1</script></svg><p style="position:fixed">Kept</p>',
  );
  expect(html).toBe("<p>Kept</p>");
});

test("the ordinary Markdown output survives, with headings below the page's title", () => {
  const html = sanitizePostHtml(
    '<h1>Day one</h1><p>We <strong>climbed</strong> <em>early</em>.</p><ul><li>Water</li></ul><blockquote><p>Go slow.</p></blockquote><img src="/images/posts/a.svg" alt="Ridge">',
  );
  expect(html).toBe(
    '<h2>Day one</h2><p>We <strong>climbed</strong> <em>early</em>.</p><ul><li>Water</li></ul><blockquote><p>Go slow.</p></blockquote><img src="/images/posts/a.svg" alt="Ridge" loading="lazy" decoding="async" />',
  );
});

test("an uploaded image gets every variant in AVIF, WebP and JPEG, and its real size", () => {
  const hash = "0123456789abcdef0123";
  const html = sanitizePostHtml(
    `<p><img src="/media/${hash}-1600x1200.jpg" alt="Ridge at dawn" width="10" srcset="https://evil.example/x.jpg 1w"></p>`,
  );
  const sizes = 'sizes="(min-width: 48rem) 48rem, 100vw"';
  const set = (ext: string) =>
    `/media/${hash}-480x360.${ext} 480w, /media/${hash}-960x720.${ext} 960w, /media/${hash}-1600x1200.${ext} 1600w`;
  expect(html).toBe(
    `<p><picture><source type="image/avif" srcset="${set("avif")}" ${sizes} /><source type="image/webp" srcset="${set("webp")}" ${sizes} />` +
      `<img src="/media/${hash}-1600x1200.jpg" srcset="${set("jpg")}" ${sizes} width="1600" height="1200" alt="Ridge at dawn" loading="lazy" decoding="async" /></picture></p>`,
  );
  // Sanitising the result again (saved, then shown) gives the same HTML.
  expect(sanitizePostHtml(html)).toBe(html);
});

test("an image from elsewhere keeps its src and loses any srcset", () => {
  expect(
    sanitizePostHtml(
      '<img src="/images/posts/a.svg" alt="A" srcset="https://evil.example/x.jpg 2x" sizes="100vw">',
    ),
  ).toBe(
    '<img src="/images/posts/a.svg" alt="A" loading="lazy" decoding="async" />',
  );
});

test("HTML from Word keeps its text, emphasis and links, and none of Office's markup or list bullets", () => {
  const html = sanitizePostHtml(WORD_HTML);
  expect(html).not.toMatch(WORD_PROCESSOR_LEFTOVERS);
  expect(html).toContain("<p><b>Trail notes</b></p>");
  expect(html).toContain(
    '<p>We left at <i>dawn</i> and reached the <a href="https://example.com/hut">hut</a> by noon.</p>',
  );
  for (const item of ["Water", "Rain shell", "Boots on", "Out the door"]) {
    expect(html).toContain(`<p>${item}</p>`);
  }
  expect(sanitizePostHtml(html)).toBe(html);
});

test("HTML from Google Docs is not made bold by its wrapper, and loses its spans and styles", () => {
  const html = sanitizePostHtml(GOOGLE_DOCS_HTML);
  expect(html).not.toMatch(WORD_PROCESSOR_LEFTOVERS);
  expect(html).toBe("<p>A quiet summit, finally.</p><br /><h2>Gear</h2>");
  // Bold that says so stays bold.
  expect(sanitizePostHtml('<p><b style="font-weight:700">Yes</b></p>')).toBe(
    "<p><b>Yes</b></p>",
  );
});
