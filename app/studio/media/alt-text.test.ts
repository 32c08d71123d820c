import { expect, test } from "vitest";

import { sanitizePostHtml } from "~/lib/sanitize.server";

import { imagesMissingAlt } from "./alt-text";

test("images without alt text, or with blank alt text, are named by their src", () => {
  const html = sanitizePostHtml(
    '<p><img src="/media/0123456789abcdef0123-960x720.jpg" alt="Ridge"></p><img src="/images/a.svg"><img src="/images/b.svg" alt="  ">',
  );
  expect(imagesMissingAlt(html)).toEqual(["/images/a.svg", "/images/b.svg"]);
  expect(imagesMissingAlt("<p>No images</p>")).toEqual([]);
});
