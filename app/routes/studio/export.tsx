import { Form } from "react-router";

import type { Route } from "./+types/export";
import { buttonClass, cardClass } from "~/components/page/styles";
import { useNotice } from "~/studio/notice";
import { importArchive } from "~/data/content-archive.server";
import { readForm } from "~/lib/form.server";
import { Icon } from "~/lib/icons";
import { ContentError } from "~database/seed";
import { recordActivity } from "~database/activity";
import { ARCHIVE_DOWNLOAD_PATH } from "~/studio/archive";
import { importFormSchema } from "~/studio/archive-schema";
import { FileImportForm } from "~/studio/file-import-form";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { doneNotice, refusedNotice } from "~/studio/notice";
import { headingClass } from "~/studio/ui";

export async function loader(args: Route.LoaderArgs) {
  await requireStudioOwner(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const { db, owner, env } = await requireStudioOwner(args);
  const form = importFormSchema.safeParse(
    Object.fromEntries(await readForm(args.request)),
  );
  const refused = (description: string, problems: string[], status: number) =>
    refusedNotice("Nothing imported", description, status, { problems });
  if (!form.success) {
    return refused(
      form.error.issues[0]?.message ?? "Choose an archive to import.",
      [],
      400,
    );
  }
  const { archive } = form.data;
  try {
    const report = await importArchive(
      db,
      archive.stream(),
      undefined,
      env.SITE_URL,
    );
    await recordActivity(db, {
      action: "import",
      subjectType: "archive",
      subjectId: archive.name,
      summary: `${archive.name} (${report.posts} posts, ${report.drafts} unpublished posts, ${report.sections} section rows, ${report.media} images)`,
      actor: owner.name,
    });
    return doneNotice(
      "Imported",
      [
        `${report.posts} posts, ${report.drafts} unpublished posts, ${report.sections} section rows and ${report.media} images from ${archive.name}.`,
        // What the import did to the social web's followers, when it did anything.
        ...report.notices,
      ].join(" "),
      { problems: [] as string[] },
    );
  } catch (error) {
    if (error instanceof ContentError) {
      return refused(
        `The archive has ${error.problems.length} problem(s); nothing was changed.`,
        [...error.problems],
        422,
      );
    }
    throw error;
  }
}

export default function StudioExport({ actionData }: Route.ComponentProps) {
  useNotice(actionData?.notice);
  return (
    <>
      <h1 className={headingClass}>Export and import</h1>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="export-heading"
          className={`${cardClass} p-5`}
        >
          <h2 id="export-heading" className="text-lg font-semibold text-white">
            Export everything
          </h2>
          <p className="mt-2 text-sm text-slate-300">
            One archive (.tar.gz) with every public post as Markdown, every
            draft, scheduled post and unpublished change too, every section of
            the pages as YAML, and every uploaded image: a complete copy of the
            site&apos;s content, which this screen or{" "}
            <code>npm run db:seed -- FILE</code> imports. Posts in the trash are
            left out.
          </p>
          {/* A full request: the browser saves the answer as a file. */}
          <Form
            method="post"
            action={ARCHIVE_DOWNLOAD_PATH}
            reloadDocument
            className="mt-4"
          >
            <input type="hidden" name="intent" value="export" />
            <button type="submit" className={buttonClass("primary", "md")}>
              <Icon name="Download" aria-hidden="true" className="h-4 w-4" />
              Export everything
            </button>
          </Form>
        </section>

        <section
          aria-labelledby="import-heading"
          className={`${cardClass} p-5`}
        >
          <h2 id="import-heading" className="text-lg font-semibold text-white">
            Import an archive
          </h2>
          <p className="mt-2 text-sm text-slate-300">
            Posts (drafts too) are matched by their address and section rows by
            their title: those in the archive replace the ones here, and nothing
            else is removed. The whole archive is checked first; if anything in
            it is wrong, nothing changes.
          </p>
          <FileImportForm
            id="import-archive"
            name="archive"
            label="Archive"
            accept=".tar.gz,.tgz,application/gzip"
            hint={
              <>
                A .tar.gz made by &quot;Export everything&quot; or{" "}
                <code>npm run content:export</code>.
              </>
            }
            problemsIntro="Nothing was imported. The archive has these problems:"
            problems={actionData?.problems ?? []}
          />
        </section>
      </div>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Export and import");
}
