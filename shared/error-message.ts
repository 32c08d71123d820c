/**
 * Why something failed: the driver's own reason rather than a query wrapper's
 * message, which would repeat the SQL and its values (a visitor's words).
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error
    ? errorMessage(error.cause)
    : error.message;
}
