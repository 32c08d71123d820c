// Every studio loader and action refuses anyone but the owner: a table built
// from the route config itself, so a new studio screen is covered the day it
// is added. Anonymous → sign in (and back); signed in without the owner role → 403.
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "@playwright/test";
import type { APIRequestContext } from "@playwright/test";

import { appRoutes } from "~scripts/lib/route-table";
import { serverUrl } from "../../playwright.config";
import { signInAsReader, visitorAddress } from "./support/auth";

const base = serverUrl("mutable");

interface StudioEndpoint {
  file: string;
  url: string;
  loader: boolean;
  action: boolean;
}

const endpoints: StudioEndpoint[] = appRoutes()
  .filter((route) => route.studio && route.path !== undefined)
  .map((route) => {
    const source = readFileSync(path.resolve("app", route.file), "utf8");
    return {
      file: route.file,
      url: `/${route.path}`
        .replaceAll(":id", randomUUID())
        .replaceAll(":table", "core-values")
        .replace("*", "anything-else"),
      loader: /export (async )?function loader\b/.test(source),
      action: /export (async )?function action\b/.test(source),
    };
  });

test("the table covers every studio screen and action", () => {
  // Every module in app/routes/studio/ has an address of its own, except
  // the layout, whose loader runs (and is probed) under each of its screens.
  const probed = new Set(endpoints.map((endpoint) => endpoint.file));
  const modules = readdirSync(path.resolve("app/routes/studio"))
    .filter((name) => !/\.test\.tsx?$/.test(name))
    .map((name) => `routes/studio/${name}`)
    .filter((file) => file !== "routes/studio/layout.tsx");
  expect(modules.filter((file) => !probed.has(file))).toEqual([]);
  expect(modules.length).toBeGreaterThanOrEqual(17);
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
