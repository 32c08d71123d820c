import { expect, test } from "vitest";

import { createLogger } from "./logger";

function recorded(level: Parameters<typeof createLogger>[0]) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, {
    write: (line: string) => lines.push(JSON.parse(line)),
  });
  return { logger, lines };
}

test("one JSON line per call: time, level name, message and fields", () => {
  const { logger, lines } = recorded("info");
  logger.info("listening", { url: "http://localhost:3000" });
  logger.debug("not shown below the minimum level");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    level: "info",
    msg: "listening",
    url: "http://localhost:3000",
  });
  expect(new Date(String(lines[0]?.time)).toISOString()).toBe(lines[0]?.time);
});

test("a visitor's address and words never reach the log, at any depth", () => {
  const { logger, lines } = recorded("info");
  logger.warn("contact: rejected", {
    ip: "203.0.113.7",
    email: "riley@example.org",
    text: "Could we meet?",
    message: { replyTo: "riley@example.org", body: "Could we meet?" },
    status: 400,
  });
  const line = JSON.stringify(lines);
  expect(line).not.toContain("203.0.113.7");
  expect(line).not.toContain("riley@example.org");
  expect(line).not.toContain("Could we meet?");
  expect(lines[0]).toMatchObject({ status: 400, ip: "[redacted]" });
});

test("silent writes nothing", () => {
  const { logger, lines } = recorded("silent");
  logger.error("boom");
  expect(lines).toEqual([]);
});
