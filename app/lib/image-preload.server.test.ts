import { expect, test } from "vitest";

import { imagePreloadLink } from "./image-preload.server";
import { FALLBACK_POST_IMAGE } from "./posts";

test("a site image is preloaded as it is; a post without one preloads the fallback", () => {
  expect(imagePreloadLink("/images/posts/ridge.svg", "100vw")).toBe(
    "</images/posts/ridge.svg>; rel=preload; as=image; fetchpriority=high",
  );
  expect(imagePreloadLink(null, "100vw")).toBe(
    `<${FALLBACK_POST_IMAGE}>; rel=preload; as=image; fetchpriority=high`,
  );
});

test("nothing in a stored address can end the link or the header", () => {
  expect(imagePreloadLink("/images/a b>;\r\nSet-Cookie: x", "100vw")).toBe(
    "</images/a%20b%3E;%0D%0ASet-Cookie:%20x>; rel=preload; as=image; fetchpriority=high",
  );
});

test("an image on another site is not preloaded", () => {
  expect(imagePreloadLink("https://example.com/a.jpg", "100vw")).toBeNull();
  expect(imagePreloadLink("//example.com/a.jpg", "100vw")).toBeNull();
});

test("an uploaded image is preloaded in AVIF, the candidate its sizes pick", () => {
  const hash = "0123456789abcdef0123";
  expect(
    imagePreloadLink(
      `/media/${hash}-1600x900.jpg`,
      "(min-width: 56rem) 56rem, 100vw",
    ),
  ).toBe(
    `</media/${hash}-1600x900.jpg>; rel=preload; as=image; fetchpriority=high; type="image/avif"; imagesrcset="/media/${hash}-480x270.avif 480w, /media/${hash}-960x540.avif 960w, /media/${hash}-1600x900.avif 1600w"; imagesizes="(min-width: 56rem) 56rem, 100vw"`,
  );
});
