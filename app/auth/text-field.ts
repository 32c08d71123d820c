// Reading auth answers: shared by the session store, its lazily loaded
// operations and the server's request handling, below all three.

/** A string field of a JSON object, or undefined. */
export function textField(value: unknown, key: string): string | undefined {
  if (typeof value !== "object" || value === null || !(key in value)) {
    return undefined;
  }
  const field: unknown = (value as Record<string, unknown>)[key];
  return typeof field === "string" ? field : undefined;
}
