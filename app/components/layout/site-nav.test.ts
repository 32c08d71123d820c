import { describe, expect, it } from "vitest";

import { isCurrent } from "./site-nav";

describe("isCurrent", () => {
  it("marks an item on its own page and on the pages below it", () => {
    expect(isCurrent("/content-hub", "/content-hub")).toBe(true);
    expect(isCurrent("/content-hub/", "/content-hub")).toBe(true);
    expect(isCurrent("/travel/kyoto", "/travel")).toBe(true);
  });

  it("marks Home only on the home page", () => {
    expect(isCurrent("/", "/")).toBe(true);
    expect(isCurrent("/about", "/")).toBe(false);
  });

  it("does not mark an item whose path only begins the page's", () => {
    expect(isCurrent("/musical", "/music")).toBe(false);
    expect(isCurrent("/posts/a", "/content-hub")).toBe(false);
  });
});
