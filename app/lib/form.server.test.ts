import { describe, expect, it } from "vitest";
import { z } from "zod";

import { readFormWith } from "./form.server";

const schema = z.object({ intent: z.literal("delete"), id: z.uuid() });
const id = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

function post(body: BodyInit, type?: string, method = "POST") {
  return new Request("http://site.test/form", {
    method,
    body: method === "GET" ? null : body,
    headers: type ? { "content-type": type } : {},
  });
}

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status;
  }
  return "resolved";
}

describe("readFormWith", () => {
  it("returns the schema's values for a form a browser sends", async () => {
    const read = await readFormWith(
      post(new URLSearchParams({ intent: "delete", id })),
      schema,
    );
    expect(read).toMatchObject({ ok: true, data: { intent: "delete", id } });
  });

  it("says what is wrong with a form that does not fit the schema", async () => {
    const read = await readFormWith(
      post(new URLSearchParams({ intent: "delete", id: "nope" })),
      schema,
    );
    expect(read.ok).toBe(false);
    expect(read.ok ? "" : read.message).toMatch(/uuid/i);
  });

  it("refuses what is not a posted form, with the status that says why", async () => {
    expect(
      await statusOf(readFormWith(post("", undefined, "GET"), schema)),
    ).toBe(405);
    expect(
      await statusOf(
        readFormWith(post(JSON.stringify({ id }), "application/json"), schema),
      ),
    ).toBe(415);
  });
});
