import { expect, test } from "vitest";

import { sanitizePostHtml } from "~/lib/sanitize.server";

import { parsePostFields } from "./save-post.server";

const post = {
  title: "Meadow",
  slug: "meadow",
  excerpt: "",
  category: "Notes",
  author: "Owner",
  date: "2026-11-20",
  image: "",
  meta: null,
};

test("a body whose image has no alt text is refused, naming the image", () => {
  const result = parsePostFields({
    ...post,
    content:
      '<p>Look:</p><img src="/images/meadow.jpg"><img src="/images/ok.jpg" alt="A ridge">',
  });
  expect(result).toEqual({
    errors: {
      content: expect.stringContaining("/images/meadow.jpg") as string,
    },
  });
  expect("errors" in result && result.errors.content).toMatch(
    /^Every image in the body needs alt text/,
  );
});

test("a body whose images are described is kept, sanitised", () => {
  const result = parsePostFields({
    ...post,
    content:
      '<p onclick="x()">Look:</p><img src="/images/meadow.jpg" alt="A meadow">',
  });
  expect(result).toEqual({
    fields: expect.objectContaining({
      content: sanitizePostHtml(
        '<p>Look:</p><img src="/images/meadow.jpg" alt="A meadow">',
      ),
    }) as unknown,
  });
});
