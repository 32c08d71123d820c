// What every field of a section row's form is given (section-form.tsx and
// section-list-fields.tsx).
import type { IconSet } from "~/lib/icons";

import type { FieldErrors, SectionField } from "./sections";

export interface FieldProps {
  field: SectionField;
  value: unknown;
  error: string | undefined;
  errors: FieldErrors;
  iconSet: IconSet | null;
}

/** A stored value as the text a field shows (anything else: empty). */
export function asText(value: unknown): string {
  return typeof value === "string" ? value : "";
}
