// A section row's trash: off its public table whole, back exactly as it was
// (id, created_at, version, details), and forgotten by the purge once it
// has been in the trash the trash period.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";

import { TRASH_MS } from "~shared/retention";
import { testDatabaseKinds } from "~tests/support/database";
import { done, sharedDatabase } from "~tests/support/section-change";

import { communityEvents, coreValues, studioActivity } from "./schema";
import {
  listTrashedSectionRows,
  restoreSectionRow,
  trashSectionRow,
} from "./section-trash";
import { purgeTrash } from "./trash-purge";

const owner = { actor: "Jordan Avery" };

describe.each(testDatabaseKinds)("a section row's trash on %s", (kind) => {
  const database = sharedDatabase(kind);

  test("delete moves a row to the trash; restore puts it back exactly", async () => {
    const { db } = database();
    const [original] = await db
      .insert(communityEvents)
      .values({
        title: "Trash me",
        type: "Soon back",
        description: "Exactly as it was.",
        details: [{ icon: "Star", text: "Twice" }],
        displayOrder: 1,
      })
      .returning();
    if (!original) throw new Error("no row");
    const titles = async () =>
      (await db.select().from(communityEvents)).map((event) => event.title);

    const trashed = done(
      await trashSectionRow(db, "community_events", { id: original.id }, owner),
    );
    expect(trashed.values).toMatchObject({ title: "Trash me" });
    expect(await titles()).not.toContain("Trash me");
    expect(
      (await listTrashedSectionRows(db, "community_events")).map(
        (row) => row.title,
      ),
    ).toEqual(["Trash me"]);

    done(
      await restoreSectionRow(
        db,
        "community_events",
        { id: original.id },
        owner,
      ),
    );
    const [restored] = await db
      .select()
      .from(communityEvents)
      .where(eq(communityEvents.id, original.id));
    expect(restored).toEqual(original);
    expect(await listTrashedSectionRows(db, "community_events")).toEqual([]);
    const activity = await db
      .select()
      .from(studioActivity)
      .where(eq(studioActivity.subjectId, original.id));
    expect(activity.map((entry) => entry.action).sort()).toEqual([
      "delete",
      "restore",
    ]);
  });

  test("a row not in its table, or not in the trash, is missing", async () => {
    const { db } = database();
    const id = "00000000-0000-4000-8000-000000000000";
    expect(
      (await trashSectionRow(db, "core_values", { id }, owner)).status,
    ).toBe("missing");
    expect(
      (await restoreSectionRow(db, "core_values", { id }, owner)).status,
    ).toBe("missing");
  });

  test("rows the trash period in the trash are purged", async () => {
    const { db } = database();
    const [row] = await db
      .insert(coreValues)
      .values({
        title: "Old news",
        description: "Gone soon",
        icon: "Target",
        displayOrder: 1,
      })
      .returning();
    if (!row) throw new Error("no row");
    const deletedAt = new Date("2026-01-01T00:00:00Z");
    done(
      await trashSectionRow(
        db,
        "core_values",
        { id: row.id },
        { ...owner, now: deletedAt },
      ),
    );
    const day = 24 * 60 * 60 * 1000;
    expect(
      await purgeTrash(db, new Date(deletedAt.getTime() + TRASH_MS - day)),
    ).toHaveLength(0);
    expect(
      await purgeTrash(db, new Date(deletedAt.getTime() + TRASH_MS + day)),
    ).toEqual([{ kind: "core_values", itemId: row.id, title: "Old news" }]);
    expect(
      (await restoreSectionRow(db, "core_values", { id: row.id }, owner))
        .status,
    ).toBe("missing");
  });
});
