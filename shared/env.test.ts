import { expect, test } from "vitest";

import { parseEnv } from "./env";

test("defaults give a runnable embedded setup", () => {
  const env = parseEnv({});
  expect(env).toMatchObject({
    PORT: 3000,
    DATA_DIR: ".data",
    SITE_URL: "http://localhost:3000",
  });
  expect(env.HOST).toBeUndefined();
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.SMTP_URL).toBeUndefined();
});

test("SITE_URL follows PORT unless given, without a trailing slash", () => {
  expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
  expect(parseEnv({ SITE_URL: "https://example.com/" }).SITE_URL).toBe(
    "https://example.com",
  );
});

test("sign-in is at every loopback name of the port without SITE_URL, and at SITE_URL only with it", () => {
  expect(parseEnv({ PORT: "8080" }).SIGN_IN_ORIGINS).toEqual([
    "http://localhost:8080",
    "http://127.0.0.1:8080",
    "http://[::1]:8080",
  ]);
  expect(
    parseEnv({ PORT: "8080", SITE_URL: "https://example.com/" })
      .SIGN_IN_ORIGINS,
  ).toEqual(["https://example.com"]);
});

test("empty values count as unset", () => {
  expect(
    parseEnv({ DATABASE_URL: "", SMTP_URL: " " }).DATABASE_URL,
  ).toBeUndefined();
});

test("a bad value stops start-up with a message naming the variable", () => {
  expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
  expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(
    /DATABASE_URL: must start with postgres/,
  );
  expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
  expect(() => parseEnv({ CONTACT_TO: "not-an-email" })).toThrow(/CONTACT_TO/);
});

test("scheduled backups are off unless BACKUP_DIR is set, and keep at least one dump", () => {
  expect(parseEnv({}).BACKUP_DIR).toBeUndefined();
  expect(parseEnv({ BACKUP_DIR: " " }).BACKUP_DIR).toBeUndefined();
  expect(parseEnv({ BACKUP_DIR: "/srv/backups" })).toMatchObject({
    BACKUP_DIR: "/srv/backups",
    BACKUP_KEEP: 14,
  });
  expect(parseEnv({ BACKUP_KEEP: "3" }).BACKUP_KEEP).toBe(3);
  expect(() => parseEnv({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);
});
