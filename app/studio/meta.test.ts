// The studio's titles and the inbox's reply name the product as the owner
// saved it (the root's data carries what differs from the demo defaults).
import { expect, test } from "vitest";

import { replyHref } from "./message-schema";
import { studioMeta } from "./meta";

const rootWith = (settings: Record<string, string>) => ({
  matches: [{ id: "root", loaderData: { siteUrl: "", settings } }],
});

test("a studio screen's title names the saved product, and is never indexed", () => {
  expect(studioMeta(rootWith({ productName: "Forward" }), "Settings")).toEqual([
    { title: "Settings | Studio | Live Forward" },
    { name: "robots", content: "noindex, nofollow" },
  ]);
  expect(studioMeta(rootWith({}), "Settings")[0]).toEqual({
    title: "Settings | Studio | Live Seasoned",
  });
});

test("the inbox's reply answers the visitor under the saved product name, quoting them", () => {
  const href = replyHref(
    {
      name: "Quinn Harper",
      email: "quinn.harper@example.org",
      message: "Could we meet?\nThursday works.",
      createdAt: "2026-11-27T09:30:00.000Z",
    },
    "Forward",
  );
  const url = new URL(href);
  expect(url.protocol).toBe("mailto:");
  expect(url.pathname).toBe("quinn.harper@example.org");
  expect(url.searchParams.get("subject")).toBe(
    "Re: Your message to Live Forward",
  );
  expect(url.searchParams.get("body")).toBe(
    "\n\nOn Fri, 27 Nov 2026 09:30:00 GMT, Quinn Harper wrote:\n> Could we meet?\n> Thursday works.\n",
  );
  // Spaces as %20, as mail programs expect.
  expect(href).not.toContain("+");
});
