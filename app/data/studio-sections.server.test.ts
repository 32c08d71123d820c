import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import {
  studioActivity,
  coreValues,
  personalJourneySections,
} from "~database/schema";
import { testDatabaseKinds } from "~tests/support/database";
import { done, sharedDatabase } from "~tests/support/section-change";

import { readCoreValues, readJourneySections } from "./about.server";
import { readCommunityEvents } from "./community.server";
import { restoreSectionRow, trashSectionRow } from "~database/section-trash";
import {
  createSectionRow,
  listSectionRows,
  moveSectionRow,
  reorderSectionRows,
  updateSectionRow,
} from "./studio-sections.server";
import type { SectionRow } from "./studio-sections.server";

const owner = { actor: "Jordan Avery" };

describe.each(testDatabaseKinds)("the studio's section rows on %s", (kind) => {
  const database = sharedDatabase(kind);

  test("a new row is validated, appended last and shown on its page", async () => {
    const { db } = database();
    const first = done(
      await createSectionRow(
        db,
        "community_events",
        {
          title: "Trail clean-up",
          type: "Volunteer",
          description: "Bags provided.",
          details: [
            { icon: "Mountain", text: "Saturdays" },
            { icon: "Users", text: "All ages" },
          ],
        },
        owner,
      ),
    );
    const second = done(
      await createSectionRow(
        db,
        "community_events",
        {
          title: "Book swap",
          type: "Social",
          description: "Bring one.",
          details: [],
        },
        owner,
      ),
    );
    expect(second.displayOrder).toBe(first.displayOrder + 1);
    const page = await readCommunityEvents(db);
    expect(page.map((event) => event.title)).toEqual([
      "Trail clean-up",
      "Book swap",
    ]);
    expect(page[0]?.details).toEqual([
      { icon: "Mountain", text: "Saturdays" },
      { icon: "Users", text: "All ages" },
    ]);
    const activity = await db
      .select()
      .from(studioActivity)
      .where(eq(studioActivity.subjectId, first.id));
    expect(activity.map((entry) => entry.action)).toEqual(["create"]);
  });

  test("bad input is refused with field errors, and nothing is stored", async () => {
    const { db } = database();
    const before = await db.select().from(coreValues);
    const refused = await createSectionRow(
      db,
      "core_values",
      // An icon the About page's values do not draw, and no title.
      { title: "  ", description: "Kindness", icon: "Mountain" },
      owner,
    );
    expect(refused).toEqual({
      status: "invalid",
      errors: {
        title: "Write something here.",
        icon: "Choose one of the icons shown.",
      },
    });
    expect(await db.select().from(coreValues)).toEqual(before);
  });

  test("an edit based on the loaded version saves; one based on an older version is refused", async () => {
    const { db } = database();
    const row = done(
      await createSectionRow(
        db,
        "personal_journey_sections",
        {
          title: "Early days",
          content: "One.\n\nTwo.",
          border_color: "#f59e0b",
        },
        owner,
      ),
    );
    const saved = done(
      await updateSectionRow(
        db,
        "personal_journey_sections",
        {
          id: row.id,
          version: row.version,
          values: { title: "Early years", content: "One.\n\nTwo.\n\nThree." },
        },
        owner,
      ),
    );
    expect(saved.version).not.toBe(row.version);
    // The colour was cleared: the page shows its default green.
    const [journey] = await readJourneySections(db);
    expect(journey).toMatchObject({
      title: "Early years",
      paragraphs: ["One.", "Two.", "Three."],
      borderColor: "#10b981",
    });

    const stale = await updateSectionRow(
      db,
      "personal_journey_sections",
      {
        id: row.id,
        version: row.version,
        values: { title: "Overwritten", content: "Lost." },
      },
      owner,
    );
    expect(stale.status).toBe("conflict");
    const [kept] = await db
      .select()
      .from(personalJourneySections)
      .where(eq(personalJourneySections.id, row.id));
    expect(kept?.title).toBe("Early years");
  });

  test("moves and drag-and-drop orders renumber the list in one transaction", async () => {
    const { db } = database();
    const titles = ["Alpha", "Bravo", "Charlie"];
    const rows: SectionRow[] = [];
    for (const title of titles) {
      rows.push(
        done(
          await createSectionRow(
            db,
            "core_values",
            { title, description: `${title} value`, icon: "Heart" },
            owner,
          ),
        ),
      );
    }
    const [alpha, bravo, charlie] = rows as [
      SectionRow,
      SectionRow,
      SectionRow,
    ];
    done(
      await moveSectionRow(
        db,
        "core_values",
        { id: charlie.id, direction: "up" },
        owner,
      ),
    );
    expect((await readCoreValues(db)).map((value) => value.title)).toEqual([
      "Alpha",
      "Charlie",
      "Bravo",
    ]);
    expect(
      (await listSectionRows(db, "core_values")).map((row) => row.displayOrder),
    ).toEqual([1, 2, 3]);

    done(
      await reorderSectionRows(
        db,
        "core_values",
        { ids: [bravo.id, alpha.id, charlie.id], moved: bravo.id },
        owner,
      ),
    );
    expect((await readCoreValues(db)).map((value) => value.title)).toEqual([
      "Bravo",
      "Alpha",
      "Charlie",
    ]);

    // A list that no longer matches the table (a row missing) changes nothing.
    const stale = await reorderSectionRows(
      db,
      "core_values",
      { ids: [charlie.id, alpha.id], moved: charlie.id },
      owner,
    );
    expect(stale.status).toBe("conflict");
    expect((await readCoreValues(db)).map((value) => value.title)).toEqual([
      "Bravo",
      "Alpha",
      "Charlie",
    ]);
  });

  test("a restored row comes back numbered; the public page and the studio list ties alike", async () => {
    const { db } = database();
    const rows: SectionRow[] = [];
    for (const title of ["Xray", "Yankee", "Zulu"]) {
      rows.push(
        done(
          await createSectionRow(
            db,
            "personal_journey_sections",
            { title, content: `${title} story.` },
            owner,
          ),
        ),
      );
    }
    const [, yankee, zulu] = rows as [SectionRow, SectionRow, SectionRow];
    done(
      await trashSectionRow(
        db,
        "personal_journey_sections",
        { id: yankee.id },
        owner,
      ),
    );
    // Zulu takes the number Yankee left; Yankee comes back with it too.
    done(
      await moveSectionRow(
        db,
        "personal_journey_sections",
        { id: zulu.id, direction: "up" },
        owner,
      ),
    );
    done(
      await moveSectionRow(
        db,
        "personal_journey_sections",
        { id: zulu.id, direction: "down" },
        owner,
      ),
    );
    done(
      await restoreSectionRow(
        db,
        "personal_journey_sections",
        { id: yankee.id },
        owner,
      ),
    );

    const numbers = (
      await db
        .select({ order: personalJourneySections.displayOrder })
        .from(personalJourneySections)
    ).map((row) => row.order);
    expect(numbers.sort((a, b) => a - b)).toEqual(
      numbers.map((_, index) => index + 1),
    );
    const studio = (await listSectionRows(db, "personal_journey_sections")).map(
      (row) => row.title,
    );
    expect(
      (await readJourneySections(db)).map((section) => section.title),
    ).toEqual(studio);
    expect(studio.slice(-3)).toEqual(["Xray", "Yankee", "Zulu"]);
  });
});
