import { data, Link } from "react-router";

import type { Route } from "./+types/section-preview";
import { readForm } from "~/lib/form.server";
import { studioMeta } from "~/studio/meta";
import { PublicSectionPreview } from "~/studio/section-preview";
import { previewSectionList } from "~/studio/section-preview.server";
import {
  checkSectionValues,
  describeFieldErrors,
  isSectionRowId,
  NEW_ROW,
  sectionConfigBySlug,
  sectionValuesFromForm,
} from "~/studio/sections";
import { requireStudioSection } from "~/studio/sections.server";
import { studioStylesheetLinks } from "~/studio/stylesheet";

// The public section with the row form's unsaved values in place, opened in
// a new tab by the form's Preview button (a plain form submission, so it
// works without JavaScript). Nothing is written: the values are checked by
// the table's one schema, as a save would check them, and drawn on top of
// the rows visitors see now.

/** The row the route names: null for the add form; a 404 for anything else. */
function rowIdOf(id: string | undefined): string | null {
  if (id === NEW_ROW) return null;
  if (isSectionRowId(id)) return id;
  throw data({ message: "There is no such entry." }, { status: 404 });
}

// Opened by hand or reloaded: there is nothing unsaved to show.
export async function loader(args: Route.LoaderArgs) {
  const { config } = await requireStudioSection(args);
  const rowId = rowIdOf(args.params.id);
  return data({ slug: config.slug, rowId });
}

export async function action(args: Route.ActionArgs) {
  const { db, config } = await requireStudioSection(args);
  const rowId = rowIdOf(args.params.id);
  const form = await readForm(args.request);
  const checked = checkSectionValues(
    config.table,
    sectionValuesFromForm(config, form),
  );
  if (!checked.ok) {
    return data(
      {
        outcome: "invalid" as const,
        problems: describeFieldErrors(config, checked.errors),
      },
      { status: 400 },
    );
  }
  const list = await previewSectionList(db, config.table, {
    id: rowId,
    values: checked.values,
  });
  if (!list) {
    return data({ outcome: "missing" as const }, { status: 404 });
  }
  const title =
    typeof checked.values.title === "string" ? checked.values.title : "";
  return data({ outcome: "shown" as const, list, title });
}

// The banner is the studio's; the section below it is the public page's.
export const links: Route.LinksFunction = () => studioStylesheetLinks;

const bannerClass =
  "border-b border-amber-300/40 bg-amber-300/10 px-4 py-3 text-center text-sm text-amber-100";
const linkClass =
  "font-semibold text-amber-200 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-200";

export default function StudioSectionPreview({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const config = sectionConfigBySlug(loaderData.slug);
  if (!config) return null;
  const formPath = `/studio/pages/${config.slug}/${loaderData.rowId ?? NEW_ROW}`;
  const place = `${config.name} on the ${config.page} page`;
  return (
    <>
      <div role="note" aria-label="Preview" className={bannerClass}>
        <h1 className="font-semibold text-amber-50">
          Preview:{" "}
          {actionData?.outcome === "shown" ? `“${actionData.title}” in ` : ""}
          {place}
        </h1>
        <p className="mt-1">
          {actionData
            ? "Your changes are not saved yet: this tab only shows them. Close it and go back to the form's tab to change or save them."
            : "This preview opens from the Preview button of an entry's form, with the values typed there; there is nothing to show here by itself."}{" "}
          <a
            href={config.publicPath}
            target="_blank"
            rel="noreferrer"
            className={linkClass}
          >
            See the {config.page} page as visitors see it now
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          {actionData ? null : (
            <>
              {" · "}
              <Link to={formPath} className={linkClass}>
                Open the form
              </Link>
            </>
          )}
        </p>
      </div>
      {actionData?.outcome === "shown" ? (
        <PublicSectionPreview list={actionData.list} />
      ) : actionData?.outcome === "invalid" ? (
        <section
          aria-labelledby="preview-problems"
          className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6"
        >
          <div
            role="alert"
            className="rounded-lg border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-rose-100"
          >
            <h2 id="preview-problems" className="font-semibold">
              Nothing to preview yet: some fields need correcting
            </h2>
            <p className="mt-1">
              A save would refuse these values too. Correct them in the form
              (its tab is still open), then press Preview again.
            </p>
            <ul className="mt-3 list-disc space-y-1 pl-5">
              {actionData.problems.map((problem) => (
                <li key={problem.path}>
                  <span className="font-semibold">{problem.label}:</span>{" "}
                  {problem.message}
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : actionData?.outcome === "missing" ? (
        <p
          role="alert"
          className="mx-auto mt-12 max-w-3xl rounded-lg border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-rose-100"
        >
          This {config.singular} no longer exists (it may be in the trash), so
          there is nothing to preview. Saving the form would be refused too.
        </p>
      ) : null}
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const config = sectionConfigBySlug(loaderData?.slug);
  return studioMeta(
    { matches },
    config ? `Preview: ${config.name}` : "Preview",
  );
}
