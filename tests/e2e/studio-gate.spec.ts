// Every studio loader and action refuses anyone but the owner: a table built
// from the route config itself, so a new studio screen is covered the day it
// is added. Anonymous → sign in (and back); signed in without the owner role → 403.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "@playwright/test";
import type { APIRequestContext } from "@playwright/test";

import routes from "~/routes";
import { serverUrl } from "../../playwright.config";
import { signInAsReader, visitorAddress } from "./support/auth";

const base = serverUrl("mutable");

interface RouteEntry {
  file: string;
  path?: string;
  children?: RouteEntry[];
}

interface StudioEndpoint {
  file: string;
  url: string;
  loader: boolean;
  action: boolean;
}

function studioEndpoints(entries: ReadonlyArray<RouteEntry>): StudioEndpoint[] {
  return entries.flatMap((entry): StudioEndpoint[] => {
    const nested = studioEndpoints(entry.children ?? []);
    if (!entry.file.startsWith("routes/studio/") || entry.path === undefined) {
      return nested;
    }
    const source = readFileSync(path.resolve("app", entry.file), "utf8");
    const url = `/${entry.path}`
      .replaceAll(":id", randomUUID())
      .replaceAll(":table", "core-values")
      .replace("*", "anything-else");
    return [
      {
        file: entry.file,
        url,
        loader: /export (async )?function loader\b/.test(source),
        action: /export (async )?function action\b/.test(source),
      },
      ...nested,
    ];
  });
}

const endpoints = studioEndpoints(routes as ReadonlyArray<RouteEntry>);

test("the table covers every studio screen and action", () => {
  const files = new Set(endpoints.map((endpoint) => endpoint.file));
  for (const file of [
    "routes/studio/dashboard.tsx",
    "routes/studio/posts.tsx",
    "routes/studio/post-edit.tsx",
    "routes/studio/post-save.ts",
    "routes/studio/post-history.tsx",
    "routes/studio/post-preview.tsx",
    "routes/studio/pages.tsx",
    "routes/studio/section.tsx",
    "routes/studio/section-row.tsx",
    "routes/studio/messages.tsx",
    "routes/studio/message.tsx",
    "routes/studio/account.tsx",
    "routes/studio/export.tsx",
    "routes/studio/export-download.ts",
  ]) {
    expect(files).toContain(file);
  }
  expect(
    endpoints.filter((endpoint) => endpoint.action).length,
  ).toBeGreaterThanOrEqual(7);
});

async function probe(request: APIRequestContext, endpoint: StudioEndpoint) {
  const results: Array<{ what: string; status: number; location?: string }> =
    [];
  const headers = { origin: base, "x-forwarded-for": visitorAddress() };
  if (endpoint.loader) {
    const response = await request.get(base + endpoint.url, {
      maxRedirects: 0,
      headers,
    });
    results.push({
      what: `GET ${endpoint.url}`,
      status: response.status(),
      location: response.headers().location,
    });
  }
  if (endpoint.action) {
    const response = await request.post(base + endpoint.url, {
      maxRedirects: 0,
      headers,
      form: { intent: "new" },
    });
    results.push({
      what: `POST ${endpoint.url}`,
      status: response.status(),
      location: response.headers().location,
    });
  }
  return results;
}

test("an anonymous visitor is sent to sign in by every studio loader and action", async ({
  request,
}) => {
  for (const endpoint of endpoints) {
    for (const result of await probe(request, endpoint)) {
      expect(result.status, result.what).toBe(302);
      expect(result.location, result.what).toBe(
        `/sign-in?${new URLSearchParams({ redirectTo: endpoint.url })}`,
      );
    }
  }
});

test("a signed-in account without the owner role gets 403 from every studio loader and action", async ({
  page,
}) => {
  await signInAsReader(page, base);
  for (const endpoint of endpoints) {
    for (const result of await probe(page.request, endpoint)) {
      expect(result.status, result.what).toBe(403);
    }
  }
});
