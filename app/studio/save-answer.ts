// Reads the save endpoint's answer for the editor. Anything but the JSON the
// endpoint writes (a body over the server's limit, a proxy's error page, the
// sign-in page after a lost session, a dropped connection) becomes a
// sentence for the owner, never a thrown error: the editor keeps every
// character and says why it could not save.
import type { SaveResponse } from "./save-response";

export type SaveAnswer = SaveResponse | { status: "failed"; message: string };

const KEPT = "Your text is still here.";

/** The sentence for a save the server never answered. */
export const UNREACHABLE_MESSAGE = `Not saved: the server could not be reached. ${KEPT} It will be saved when you next save or type.`;

function isSaveResponse(value: unknown): value is SaveResponse {
  if (typeof value !== "object" || value === null) return false;
  const answer = value as Record<string, unknown>;
  switch (answer.status) {
    case "saved":
      return typeof answer.post === "object" && answer.post !== null;
    case "conflict":
      return typeof answer.current === "object" && answer.current !== null;
    case "invalid":
      return typeof answer.message === "string";
    default:
      return false;
  }
}

/** What one save's response means to the editor. */
export async function readSaveAnswer(response: Response): Promise<SaveAnswer> {
  if (response.status === 413) {
    return {
      status: "failed",
      message: `Not saved: the post is larger than the server accepts. ${KEPT} Shorten it, or move long parts into another post.`,
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (isSaveResponse(body)) {
    return body.status === "invalid"
      ? { ...body, errors: body.errors ?? {} }
      : body;
  }
  if (response.redirected && new URL(response.url).pathname === "/sign-in") {
    return {
      status: "failed",
      message: `Not saved: you were signed out. ${KEPT} Sign in again in another tab, then save.`,
    };
  }
  return {
    status: "failed",
    message: `Not saved: the server answered with an error (${response.status}). ${KEPT} Try again in a moment.`,
  };
}
