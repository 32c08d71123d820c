import { expect, test } from "vitest";

import { sectionSchemas } from "~database/content-schemas";

import {
  checkSectionValues,
  describeFieldErrors,
  sectionConfigs,
  sectionPages,
  sectionValuesFromForm,
} from "./sections";

function form(entries: Array<[string, string]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

test("every section table has a config, a page and a field for each column", () => {
  expect(Object.keys(sectionConfigs).sort()).toEqual(
    Object.keys(sectionSchemas).sort(),
  );
  expect(sectionPages.flatMap((page) => page.tables).sort()).toEqual(
    Object.keys(sectionSchemas).sort(),
  );
  for (const config of Object.values(sectionConfigs)) {
    const columns = Object.keys(sectionSchemas[config.table].shape).filter(
      (column) => column !== "display_order",
    );
    expect(config.fields.map((field) => field.name).sort()).toEqual(
      columns.sort(),
    );
  }
});

test("a posted form becomes the row: repeated inputs are lists, blank rows are left out", () => {
  const routine = sectionValuesFromForm(
    sectionConfigs.fitness_routines,
    form([
      ["title", "Strength"],
      ["subtitle", "Twice a week"],
      ["points", "Squats"],
      ["points", "  "],
      ["points", "Rows"],
      ["icon", "Dumbbell"],
    ]),
  );
  expect(routine).toEqual({
    title: "Strength",
    subtitle: "Twice a week",
    points: ["Squats", "Rows"],
    icon: "Dumbbell",
  });
  expect(checkSectionValues("fitness_routines", routine)).toEqual({
    ok: true,
    values: routine,
  });

  const event = sectionValuesFromForm(
    sectionConfigs.community_events,
    form([
      ["title", "Trail Talks"],
      ["type", "Outdoors"],
      ["description", "Walk and talk."],
      ["details.icon", "Mountain"],
      ["details.text", "Five miles"],
      ["details.icon", ""],
      ["details.text", ""],
    ]),
  );
  expect(event.details).toEqual([{ icon: "Mountain", text: "Five miles" }]);
});

test("an icon outside the area's set, a detail without text and a bad colour are refused by field", () => {
  expect(
    checkSectionValues("trail_philosophies", {
      title: "Leave no trace",
      description: "Pack it out.",
      icon: "Music",
    }),
  ).toEqual({ ok: false, errors: { icon: "Choose one of the icons shown." } });
  expect(
    checkSectionValues("community_events", {
      title: "Trail Talks",
      type: "Outdoors",
      description: "Walk and talk.",
      details: [{ icon: "Mountain", text: " " }],
    }),
  ).toEqual({
    ok: false,
    errors: { "details.0.text": "Write something here." },
  });
  expect(
    checkSectionValues("personal_journey_sections", {
      title: "Start",
      content: "One.",
      border_color: "red; background: url(x)",
    }),
  ).toEqual({
    ok: false,
    errors: { border_color: "Choose one of the colours shown." },
  });
});

test("field errors are named as the form labels the fields, for the preview tab", () => {
  expect(
    describeFieldErrors(sectionConfigs.community_events, {
      title: "Write something here.",
      "details.1.icon": "Choose one of the icons shown.",
    }),
  ).toEqual([
    { path: "title", label: "Title", message: "Write something here." },
    {
      path: "details.1.icon",
      label: "Detail 2 icon",
      message: "Choose one of the icons shown.",
    },
  ]);
  expect(
    describeFieldErrors(sectionConfigs.fitness_routines, {
      "points.0": "Write something here.",
      form: "Something else.",
    }),
  ).toEqual([
    { path: "points.0", label: "Point 1", message: "Write something here." },
    { path: "form", label: "The form", message: "Something else." },
  ]);
});
