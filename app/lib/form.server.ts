// Reading a posted form: only POST and the encodings a browser form sends are
// accepted, and a body that cannot be parsed is the sender's mistake (400), not
// a crash.
import { data } from "react-router";

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
