import { expect, test } from "vitest";

import { browserNotices, removeToast, serverNotices, toast } from "./toast";

test("the browser starts with the very notices the server rendered, so hydration renders no notice area again", () => {
  // Two empty arrays would differ for React, which then renders every
  // notice area a second time, at once, right after hydrating the page.
  expect(browserNotices()).toBe(serverNotices());

  const id = toast({ title: "Message sent" });
  expect(browserNotices()).toEqual([
    expect.objectContaining({ id, title: "Message sent", open: true }),
  ]);
  removeToast(id);
  expect(browserNotices()).toEqual([]);
});
