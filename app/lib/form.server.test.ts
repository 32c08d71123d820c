import { describe, expect, it } from "vitest";
import { z } from "zod";

import { readFormWith, readJson } from "./form.server";

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

describe("readJson", () => {
  it("returns the parsed body of a JSON POST", async () => {
    expect(
      await readJson(post(JSON.stringify({ id }), "application/json")),
    ).toEqual({ id });
  });

  it("refuses another method, another type or a body that does not parse, with the status that says why, as JSON", async () => {
    const refusal = async (request: Request) => {
      try {
        await readJson(request);
      } catch (thrown) {
        const response = thrown as Response;
        return [response.status, await response.json()] as const;
      }
      return "resolved";
    };
    expect(await refusal(post("", "application/json", "GET"))).toEqual([
      405,
      { message: "This address accepts only POST." },
    ]);
    expect(
      await refusal(post(new URLSearchParams({ id }), undefined)),
    ).toMatchObject([415, {}]);
    expect(await refusal(post("{", "application/json"))).toMatchObject([
      400,
      {},
    ]);
  });
});
