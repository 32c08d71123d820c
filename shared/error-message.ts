/**
 * Why something failed: the driver's own reason rather than a query wrapper's
 * message, which would repeat the SQL and its values (a visitor's words).
 * A thrown answer (React Router's 405 for a POST to a page without an
 * action, a loader's thrown response) says its status and its reason.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return thrownAnswer(error) ?? String(error);
  return error.cause instanceof Error
    ? errorMessage(error.cause)
    : error.message;
}

/** "405 Method Not Allowed: You made a POST request to …", for a thrown answer; undefined for anything else. */
function thrownAnswer(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { status, statusText, data } = value as {
    status?: unknown;
    statusText?: unknown;
    data?: unknown;
  };
  if (typeof status !== "number") return undefined;
  const head = [status, typeof statusText === "string" ? statusText : ""]
    .join(" ")
    .trim();
  return typeof data === "string" && data ? `${head}: ${data}` : head;
}
