import type { FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";

import type { Route } from "./+types/section-row";
import { buttonClass, eyebrowClass } from "~/components/page/styles";
import {
  createSectionRow,
  readSectionRow,
  updateSectionRow,
} from "~/data/studio-sections.server";
import { readForm } from "~/lib/form.server";
import { Icon } from "~/lib/icons";
import { studioMeta } from "~/studio/meta";
import { SectionFields } from "~/studio/section-form";
import {
  isSectionRowId as isRowId,
  NEW_ROW as NEW,
  sectionConfigBySlug,
  sectionValuesFromForm,
} from "~/studio/sections";
import type { FieldErrors, SectionValues } from "~/studio/sections";
import { requireStudioSection } from "~/studio/sections.server";
import { headingClass } from "~/studio/ui";

export async function loader(args: Route.LoaderArgs) {
  const { db, config } = await requireStudioSection(args);
  const { id } = args.params;
  if (id === NEW) {
    return data({ slug: config.slug, row: null });
  }
  const row = isRowId(id) ? await readSectionRow(db, config.table, id) : null;
  if (!row) {
    throw data(
      { message: "This entry does not exist (it may be in the trash)." },
      { status: 404 },
    );
  }
  return data({
    slug: config.slug,
    row: {
      id: row.id,
      title: row.title,
      values: row.values,
      version: row.version,
    },
  });
}

interface ActionResult {
  values: SectionValues;
  errors: FieldErrors;
  problem: string;
  conflict?: boolean;
}

export async function action(args: Route.ActionArgs) {
  const { db, owner, config } = await requireStudioSection(args);
  const form = await readForm(args.request);
  const values = sectionValuesFromForm(config, form);
  const { id } = args.params;
  const context = { actor: owner.name };
  const version = form.get("version");
  const change =
    id === NEW
      ? await createSectionRow(db, config.table, values, context)
      : isRowId(id)
        ? await updateSectionRow(
            db,
            config.table,
            {
              id,
              // Anything but the number the form was given is no version.
              version: typeof version === "string" ? Number(version) : NaN,
              values,
            },
            context,
          )
        : ({ status: "missing" } as const);
  const refuse = (result: ActionResult, status: number) =>
    data(result, { status });
  switch (change.status) {
    case "invalid":
      return refuse(
        {
          values,
          errors: change.errors,
          problem: "Nothing was saved: please correct the fields marked below.",
        },
        400,
      );
    case "conflict":
      return refuse(
        {
          values,
          errors: {},
          conflict: true,
          problem: `This ${config.singular} was changed after you opened it (in another tab or window). Nothing was saved, so the other change is kept. Your version is still below: open the current version and make your change there.`,
        },
        409,
      );
    case "missing":
      return refuse(
        {
          values,
          errors: {},
          problem: `This ${config.singular} no longer exists (it may be in the trash). Nothing was saved.`,
        },
        404,
      );
    case "done":
      throw redirect(
        `/studio/pages/${config.slug}?${new URLSearchParams({
          done: id === NEW ? "created" : "saved",
          row: change.row.id,
        })}`,
      );
  }
}

/**
 * React Router's Form would send the Preview button's submission through
 * the router, into this tab; the browser's own submission honours the
 * button's target and opens the preview in a new tab, as without JavaScript.
 */
function openPreviewNatively(event: FormEvent<HTMLFormElement>) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  if (!(submitter instanceof HTMLButtonElement)) return;
  if (submitter.formTarget !== "_blank") return;
  event.preventDefault();
  const form = event.currentTarget;
  const action = form.getAttribute("action");
  form.setAttribute("action", submitter.formAction);
  form.setAttribute("target", submitter.formTarget);
  // The prototype's submit: fires no submit event, so it is not caught again.
  HTMLFormElement.prototype.submit.call(form);
  if (action === null) form.removeAttribute("action");
  else form.setAttribute("action", action);
  form.removeAttribute("target");
}

export default function StudioSectionRow({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { slug, row } = loaderData;
  const config = sectionConfigBySlug(slug);
  const navigation = useNavigation();
  if (!config) return null;
  const saving = navigation.state === "submitting";
  const result = actionData as ActionResult | undefined;
  const values = result?.values ?? row?.values ?? {};
  const heading = row ? `Edit “${row.title}”` : `Add a ${config.singular}`;
  const listPath = `/studio/pages/${config.slug}`;
  return (
    <>
      <p className={eyebrowClass}>
        <Link to="/studio/pages" className="hover:underline">
          Pages
        </Link>{" "}
        ·{" "}
        <Link to={listPath} className="hover:underline">
          {config.name}
        </Link>
      </p>
      <h1 className={`${headingClass} mt-2`}>{heading}</h1>
      <p className="mt-2 text-slate-300">
        Shown on the{" "}
        <a
          href={config.publicPath}
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-emerald-300 underline underline-offset-4"
        >
          {config.page} page
          <span className="sr-only"> (opens in a new tab)</span>
        </a>{" "}
        under “{config.name}”.
      </p>

      {result ? (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-rose-100"
        >
          <p>{result.problem}</p>
          {result.conflict && row ? (
            <a
              href={`${listPath}/${row.id}`}
              className="mt-2 inline-block font-semibold underline underline-offset-4"
            >
              Open the current version
            </a>
          ) : null}
        </div>
      ) : null}

      {/* A remount after a refused save shows the values that were sent. */}
      <Form
        key={result ? JSON.stringify(result.values) : "loaded"}
        method="post"
        noValidate
        onSubmit={openPreviewNatively}
        className="mt-6 max-w-3xl"
      >
        {row ? (
          <input type="hidden" name="version" value={row.version} />
        ) : null}
        <SectionFields
          config={config}
          values={values}
          errors={result?.errors ?? {}}
        />
        <div className="mt-8 flex flex-wrap gap-3">
          <button
            type="submit"
            disabled={saving}
            className={buttonClass("primary", "md")}
          >
            <Icon name="CircleCheck" aria-hidden="true" className="h-4 w-4" />
            {saving ? "Saving..." : row ? "Save" : `Add ${config.singular}`}
          </button>
          {/* A plain submission into a new tab, so it works without JavaScript. */}
          <button
            type="submit"
            formAction={`${listPath}/${row?.id ?? NEW}/preview`}
            formTarget="_blank"
            className={buttonClass("secondary", "md")}
          >
            <Icon name="ExternalLink" aria-hidden="true" className="h-4 w-4" />
            Preview
            <span className="sr-only">
              {" "}
              on the {config.page} page, not saved (opens in a new tab)
            </span>
          </button>
          <Link to={listPath} className={buttonClass("secondary", "md")}>
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const config = sectionConfigBySlug(loaderData?.slug);
  return studioMeta(
    { matches },
    loaderData?.row
      ? `Edit ${loaderData.row.title}`
      : `Add a ${config?.singular ?? "entry"}`,
  );
}
