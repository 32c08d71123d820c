// A loader's failure as the log sees it: by path and reason, never the
// error's own fields (a failed query's carry its parameters).
import { expect, test } from "vitest";

import type { AppServices } from "~/context";
import { createLogger } from "~shared/logger";
import { routeContext } from "~tests/support/services";

import { handleError } from "./entry.server";

test("a failed loader is logged by path and reason, without the query's parameters", () => {
  const lines: string[] = [];
  // The log is all this handler uses of the services.
  const context = routeContext({
    auth: {} as AppServices["auth"],
    db: {} as AppServices["db"],
    logger: createLogger("debug", {
      write: (line: string) => lines.push(line),
    }),
  });
  const token = "AESonyD2PZcnZ9yyHFyiLEzqfIiEpFtW";
  const failedQuery = Object.assign(
    new Error(
      `Failed query: select * from "sessions" where "token" = $1\nparams: ${token}`,
      { cause: new Error('relation "sessions" does not exist') },
    ),
    { query: 'select * from "sessions"', params: [token] },
  );
  handleError(new Error("Failed to get session", { cause: failedQuery }), {
    request: new Request("http://localhost/studio?token=secret"),
    context,
    params: {},
  });
  const log = lines.join("");
  expect(JSON.parse(log)).toMatchObject({
    level: "error",
    msg: "request failed",
    path: "/studio",
    error: 'relation "sessions" does not exist',
  });
  expect(log).not.toContain(token);
  expect(log).not.toContain("secret");
});
