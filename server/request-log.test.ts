import { expect, test } from "vitest";

import { loggedPath } from "./request-log";

test("a token in an address never reaches the request log, however it is spelled", () => {
  const secret = "s3cr3t-token-value";
  const addresses = [
    `/setup?token=${secret}`,
    `/setup.data?token=${secret}&_routes=routes%2Fsetup`,
    `/SETUP?%74oken=${secret}`,
    `/reset-password?a=1&token=${secret}&token=${secret}`,
    `/api/auth/reset-password/${secret}?callbackURL=%2F`,
  ];
  for (const address of addresses) {
    expect(loggedPath(address), address).not.toContain(secret);
    expect(loggedPath(address)).toContain("redacted");
  }
  expect(loggedPath("/search?q=hiking&page=2")).toBe("/search?q=hiking&page=2");
  expect(loggedPath("/about")).toBe("/about");
});
