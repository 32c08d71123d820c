// Reading a posted form: only POST and the encodings a browser form sends are
// accepted, and a body that cannot be parsed is the sender's mistake (400), not
// a crash.
import { data } from "react-router";
import type { z } from "zod";

const FORM_TYPES = new Set([
  "application/x-www-form-urlencoded",
  "multipart/form-data",
]);

export interface FormProblem {
  message: string;
}

export async function readForm(request: Request): Promise<FormData> {
  if (request.method !== "POST") {
    throw data<FormProblem>(
      { message: "Forms here are sent with POST." },
      { status: 405, headers: { Allow: "GET, HEAD, POST" } },
    );
  }
  const type = request.headers
    .get("content-type")
    ?.split(";")[0]
    ?.trim()
    .toLowerCase();
  if (!type || !FORM_TYPES.has(type)) {
    throw data<FormProblem>(
      {
        message:
          "This form accepts only what a browser sends for a form (application/x-www-form-urlencoded or multipart/form-data).",
      },
      { status: 415 },
    );
  }
  try {
    return await request.formData();
  } catch {
    throw data<FormProblem>(
      { message: "The form could not be read. Please send it again." },
      { status: 400 },
    );
  }
}

/** A form read against its schema: the parsed values, or the first problem in words. */
export type ParsedForm<T> =
  | { ok: true; data: T; form: FormData }
  | { ok: false; message: string; form: FormData };

/**
 * `readForm`, then the action's one schema over its fields, so no action
 * parses a body of its own. A field sent twice counts once (the last), as a
 * browser form never does that for the fields these schemas read.
 */
export async function readFormWith<T>(
  request: Request,
  schema: z.ZodType<T>,
): Promise<ParsedForm<T>> {
  return parseForm(await readForm(request), schema);
}

/** For an action that looks at a field before it knows which schema applies. */
export function parseForm<T>(
  form: FormData,
  schema: z.ZodType<T>,
): ParsedForm<T> {
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (parsed.success) return { ok: true, data: parsed.data, form };
  return {
    ok: false,
    message: parsed.error.issues[0]?.message ?? "Check the form.",
    form,
  };
}

/**
 * A JSON body (the post editor's saves), read by readForm's rules: POST
 * only (405), JSON only (415), a body that does not parse is the sender's
 * mistake (400). The problem is a JSON Response, as its callers are fetch()
 * calls from resource routes, which pass a thrown Response on unchanged.
 */
export async function readJson(request: Request): Promise<unknown> {
  const problem = (status: number, message: string, headers?: HeadersInit) =>
    Response.json({ message } satisfies FormProblem, { status, headers });
  if (request.method !== "POST") {
    throw problem(405, "This address accepts only POST.", { Allow: "POST" });
  }
  const type = request.headers
    .get("content-type")
    ?.split(";")[0]
    ?.trim()
    .toLowerCase();
  if (type !== "application/json") {
    throw problem(415, "This address accepts only JSON (application/json).");
  }
  try {
    return (await request.json()) as unknown;
  } catch {
    throw problem(400, "The request could not be read. Please send it again.");
  }
}
