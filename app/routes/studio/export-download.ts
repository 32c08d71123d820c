import { recordActivity } from "~database/activity";
import { readForm } from "~/lib/form.server";
import { archiveName, exportArchive } from "~/data/content-archive.server";
import { requireStudioOwner } from "~/studio/gate.server";
import { exportFormSchema } from "~/studio/archive-schema";

import type { Route } from "./+types/export-download";

// POST /studio/export/download: the whole site's content as one .tar.gz
// (docs/decisions/023-content-archive.md), sent as a download.
export async function action(args: Route.ActionArgs) {
  const { db, owner, env } = await requireStudioOwner(args);
  const form = exportFormSchema.safeParse(
    Object.fromEntries(await readForm(args.request)),
  );
  if (!form.success) {
    return new Response("The request did not say what to do.", {
      status: 400,
    });
  }
  const now = new Date();
  const archive = await exportArchive(db, now, env.SITE_URL);
  const name = archiveName(now);
  await recordActivity(db, {
    action: "export",
    subjectType: "archive",
    subjectId: name,
    summary: `everything (${name})`,
    actor: owner.name,
  });
  return new Response(new Uint8Array(archive), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Content-Length": String(archive.length),
      "Cache-Control": "no-store",
    },
  });
}
