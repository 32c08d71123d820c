// The editor's save endpoint while the database is away (issue 29, finding 12).
import pg from "pg";
import { describe, expect, test } from "vitest";

import { emptyPostFields } from "~database/post-lifecycle/fields";
import { createDraft } from "~database/post-lifecycle/edit";
import { createOwner } from "~/auth/owner.server";
import {
  createAuthTestDatabase,
  signInCookie,
  TEST_SITE_URL,
  uniqueEmail,
} from "~tests/support/auth";
import { routeArgs, routeContext } from "~tests/support/services";

import { action, DATABASE_UNAVAILABLE } from "./post-save";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("saving a post during a database outage", () => {
  test("answers 503 saying the database is unavailable, not 500", async () => {
    const database = await createAuthTestDatabase("postgres");
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const name = new URL(database.url ?? "").pathname.slice(1);
    try {
      const { db, auth } = database;
      const email = uniqueEmail();
      const password = "a long enough secret";
      await createOwner(db, { email, password });
      const cookie = await signInCookie(auth, email, password);
      const draft = await createDraft(
        db,
        {
          ...emptyPostFields(),
          slug: "outage-draft",
          title: "Outage draft",
          excerpt: "",
          content: "<p>Typed before the outage.</p>",
          image: null,
          date: "2026-11-27",
          category: "",
          author: "Owner",
          meta: null,
        },
        { actor: "Owner" },
      );
      if (draft.status !== "done") throw new Error("no draft");
      const save = () =>
        action(
          routeArgs(
            new Request(`${TEST_SITE_URL}/studio/posts/${draft.post.id}/save`, {
              method: "POST",
              headers: { cookie, "content-type": "application/json" },
              body: JSON.stringify({
                intent: "save",
                baseVersion: draft.post.version,
                post: {
                  title: "Outage draft",
                  slug: "outage-draft",
                  excerpt: "",
                  category: "",
                  author: "Owner",
                  date: "2026-11-27",
                  image: "",
                  content: "<p>Typed during the outage.</p>",
                  meta: null,
                },
              }),
            }),
            routeContext({ db, auth }),
            "/studio/posts/:id/save",
            { id: draft.post.id },
          ),
        );

      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1",
        [name],
      );
      const during = await save();
      expect(during.status).toBe(503);
      expect(await during.json()).toEqual({
        status: "unavailable",
        message: DATABASE_UNAVAILABLE,
        errors: {},
      });

      await admin.query(`alter database ${name} allow_connections true`);
      const after = await save();
      expect(after.status).toBe(200);
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
      await database.dispose();
    }
  });
});
