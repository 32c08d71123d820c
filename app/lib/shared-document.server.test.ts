import { RouterContextProvider } from "react-router";
import type { EntryContext } from "react-router";
import { describe, expect, test } from "vitest";

import {
  SharedDocuments,
  sharedOutcomeContext,
} from "./shared-document.server";

const url = "https://site.example/contact";

function post(headers: Record<string, string> = {}) {
  return new Request(url, { method: "POST", headers });
}

function routerContext(
  nonce: string,
  state: { statusCode?: number; errors?: Record<string, unknown> } = {},
): EntryContext {
  return {
    staticHandlerContext: {
      loaderData: { root: { nonce, siteUrl: "https://site.example" } },
      statusCode: state.statusCode ?? 200,
      errors: state.errors ?? null,
    },
  } as unknown as EntryContext;
}

function answered(outcome: string | null) {
  const context = new RouterContextProvider();
  context.set(sharedOutcomeContext, outcome);
  return context;
}

const page = (nonce: string, text = "Message Sent!") =>
  `<script nonce="${nonce}">window.__data={"nonce":"${nonce}"}</script><p>${text}</p>`;

describe("shared documents", () => {
  test("a stored document is sent again with the new response's nonce, in every place", () => {
    const documents = new SharedDocuments();
    const first = documents.for(post(), routerContext("n1"), answered("sent"), {
      nonce: "n1",
      ttlMs: 5_000,
    });
    expect(first?.lookup()).toBeUndefined();
    first?.store(page("n1"));

    const second = documents.for(
      post(),
      routerContext("n2"),
      answered("sent"),
      { nonce: "n2", ttlMs: 5_000 },
    );
    expect(second?.lookup()).toBe(page("n2"));
  });

  test("only for an action that named a shared outcome", () => {
    const documents = new SharedDocuments();
    expect(
      documents.for(post(), routerContext("n1"), answered(null), {
        nonce: "n1",
        ttlMs: 5_000,
      }),
    ).toBeUndefined();
  });

  test("never for a visitor with cookies or credentials", () => {
    const documents = new SharedDocuments();
    const visitors: Array<Record<string, string>> = [
      { cookie: "session=abc" },
      { authorization: "Bearer abc" },
    ];
    for (const headers of visitors) {
      expect(
        documents.for(post(headers), routerContext("n1"), answered("sent"), {
          nonce: "n1",
          ttlMs: 5_000,
        }),
      ).toBeUndefined();
    }
  });

  test("never for a failed render or with caching off", () => {
    const documents = new SharedDocuments();
    const options = { nonce: "n1", ttlMs: 5_000 };
    expect(
      documents.for(
        post(),
        routerContext("n1", { statusCode: 500 }),
        answered("sent"),
        options,
      ),
    ).toBeUndefined();
    expect(
      documents.for(
        post(),
        routerContext("n1", { errors: { "routes/contact": "boom" } }),
        answered("sent"),
        options,
      ),
    ).toBeUndefined();
    expect(
      documents.for(post(), routerContext("n1"), answered("sent"), {
        nonce: "n1",
        ttlMs: 0,
      }),
    ).toBeUndefined();
  });

  test("a document is kept for the TTL, and apart per outcome and per loader data", () => {
    let now = 1_000;
    const documents = new SharedDocuments({ now: () => now });
    const open = (nonce: string, outcome: string, siteUrl?: string) => {
      const context = routerContext(nonce);
      if (siteUrl) {
        context.staticHandlerContext.loaderData = { root: { nonce, siteUrl } };
      }
      return documents.for(post(), context, answered(outcome), {
        nonce,
        ttlMs: 5_000,
      });
    };
    open("n1", "sent")?.store(page("n1"));
    expect(open("n2", "other")?.lookup()).toBeUndefined();
    expect(
      open("n3", "sent", "https://elsewhere.example")?.lookup(),
    ).toBeUndefined();
    now = 6_000;
    expect(open("n4", "sent")?.lookup()).toBe(page("n4"));
    now = 6_001;
    expect(open("n5", "sent")?.lookup()).toBeUndefined();
  });
});
