/**
 * Whether the database refused a value it was given (SQLSTATE class 22,
 * "data exception": a NUL in text, a number out of range) rather than
 * failing to answer. The driver's error may be wrapped (drizzle keeps it as
 * the cause), so the chain of causes is followed a few steps.
 */
export function isRefusedValue(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object"; depth += 1) {
    if (current === null) return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string" && code.startsWith("22")) return true;
    current = cause;
  }
  return false;
}
