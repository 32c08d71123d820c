import { expect, test } from "vitest";

import { errorMessage } from "./error-message";

test("an error says its own reason, or its cause's", () => {
  expect(errorMessage(new Error("outer", { cause: new Error("inner") }))).toBe(
    "inner",
  );
  expect(errorMessage("plain")).toBe("plain");
});

test("a thrown answer says its status and reason, never [object Object]", () => {
  // What React Router throws for a POST to a page that has no action.
  const refused = {
    status: 405,
    statusText: "Method Not Allowed",
    internal: true,
    data: 'Error: You made a POST request to "/" but did not provide an `action` for route "routes/home", so there is no way to handle the request.',
  };
  expect(errorMessage(refused)).toBe(`405 Method Not Allowed: ${refused.data}`);
  expect(errorMessage(new Response(null, { status: 404 }))).toBe("404");
});
