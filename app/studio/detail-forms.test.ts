import { expect, test } from "vitest";

import { DETAIL_FORMS, valueAt, withValueAt } from "./detail-forms";
import { categoryDetailsSchemas } from "./post-schema";

test("each category's form has a field for every detail its schema holds", () => {
  for (const [category, schema] of Object.entries(categoryDetailsSchemas)) {
    const form = DETAIL_FORMS[category as keyof typeof DETAIL_FORMS];
    const covered = new Set(
      form.parts.map((part) =>
        typeof part === "string"
          ? part === "map"
            ? "coordinates"
            : part
          : (part.path.split(".")[0] ?? ""),
      ),
    );
    expect([...covered].sort(), category).toEqual(
      Object.keys(schema.shape).sort(),
    );
  }
});

test("a field's value is read and replaced by its path, arrays staying arrays", () => {
  const details = {
    location: "Kyoto",
    coordinates: [35.0116, 135.7681],
    highlights: [{ name: "Fushimi Inari", type: "Cultural Immersion" }],
  };
  expect(valueAt(details, "coordinates.1")).toBe(135.7681);
  expect(valueAt(details, "highlights.0.name")).toBe("Fushimi Inari");
  expect(valueAt(details, "missing.0")).toBeUndefined();

  const moved = withValueAt(details, "coordinates.0", 34.9);
  expect(moved).toEqual({ ...details, coordinates: [34.9, 135.7681] });
  expect(Array.isArray((moved as typeof details).coordinates)).toBe(true);
  expect(withValueAt(details, "highlights.0.type", "Relaxation")).toEqual({
    ...details,
    highlights: [{ name: "Fushimi Inari", type: "Relaxation" }],
  });
  // The original is left as it was.
  expect(details.coordinates).toEqual([35.0116, 135.7681]);
});
