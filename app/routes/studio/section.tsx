import { data, Form, Link, redirect, useSubmit } from "react-router";
import { z } from "zod";

import type { Route } from "./+types/section";
import {
  buttonClass,
  cardClass,
  eyebrowClass,
  textLinkClass,
} from "~/components/page/styles";
import {
  listTrashedSectionRows,
  restoreSectionRow,
  trashSectionRow,
} from "~database/section-trash";
import {
  listSectionRows,
  moveSectionRow,
  reorderSectionRows,
} from "~/data/studio-sections.server";
import type { SectionChange } from "~/data/studio-sections.server";
import { readForm } from "~/lib/form.server";
import { ContentIcon, Icon } from "~/lib/icons";
import { studioMeta } from "~/studio/meta";
import { Moment } from "~/studio/moment";
import { ReorderList } from "~/studio/reorder-list";
import { sectionConfigBySlug } from "~/studio/sections";
import { requireStudioSection } from "~/studio/sections.server";
import { headingClass } from "~/studio/ui";
import { TRASH_PERIOD } from "~shared/retention";

const DONE = {
  created: "Added",
  saved: "Saved",
  moved: "Moved",
  deleted: "Moved to the trash",
  restored: "Restored",
} as const;
type Done = keyof typeof DONE;

function summaryOf(values: Record<string, unknown>): string {
  for (const key of ["description", "content", "subtitle", "type"]) {
    const value = values[key];
    if (typeof value === "string" && value.trim()) {
      return value.length > 140 ? `${value.slice(0, 140)}…` : value;
    }
  }
  return "";
}

export async function loader(args: Route.LoaderArgs) {
  const { db, config } = await requireStudioSection(args);
  const [rows, trash] = await Promise.all([
    listSectionRows(db, config.table),
    listTrashedSectionRows(db, config.table),
  ]);
  const params = new URL(args.request.url).searchParams;
  const done = params.get("done");
  const doneRow = params.get("row");
  const doneTitle =
    rows.find((row) => row.id === doneRow)?.title ??
    trash.find((row) => row.id === doneRow)?.title;
  return data({
    slug: config.slug,
    rows: rows.map((row) => ({
      id: row.id,
      title: row.title,
      icon: typeof row.values.icon === "string" ? row.values.icon : null,
      summary: summaryOf(row.values),
    })),
    trash,
    done:
      done && Object.hasOwn(DONE, done) && doneTitle
        ? { what: DONE[done as Done], title: doneTitle }
        : null,
  });
}

const rowId = z.guid();
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["up", "down"]), id: rowId }),
  z.object({ intent: z.literal("trash"), id: rowId }),
  z.object({ intent: z.literal("restore"), id: rowId }),
  z.object({
    intent: z.literal("reorder"),
    moved: rowId,
    ids: z.array(rowId).min(1),
  }),
]);

export async function action(args: Route.ActionArgs) {
  const { db, owner, config } = await requireStudioSection(args);
  const form = await readForm(args.request);
  const parsed = actionSchema.safeParse({
    intent: form.get("intent"),
    id: form.get("id") ?? undefined,
    moved: form.get("moved") ?? undefined,
    ids: form.getAll("ids"),
  });
  if (!parsed.success) {
    return data(
      { problem: "The request did not say what to do. Nothing changed." },
      { status: 400 },
    );
  }
  const input = parsed.data;
  const context = { actor: owner.name };
  let change: SectionChange;
  let done: Done;
  if (input.intent === "up" || input.intent === "down") {
    change = await moveSectionRow(
      db,
      config.table,
      { id: input.id, direction: input.intent },
      context,
    );
    done = "moved";
  } else if (input.intent === "reorder") {
    change = await reorderSectionRows(
      db,
      config.table,
      { ids: input.ids, moved: input.moved },
      context,
    );
    done = "moved";
  } else if (input.intent === "trash") {
    change = await trashSectionRow(db, config.table, { id: input.id }, context);
    done = "deleted";
  } else {
    change = await restoreSectionRow(
      db,
      config.table,
      { id: input.id },
      context,
    );
    done = "restored";
  }
  if (change.status === "conflict") {
    return data(
      {
        problem:
          "The list changed since this screen was loaded (an entry was added or removed). Nothing was moved: here is the list as it is now.",
      },
      { status: 409 },
    );
  }
  if (change.status !== "done") {
    return data(
      { problem: "That entry no longer exists. Nothing changed." },
      { status: 404 },
    );
  }
  throw redirect(
    `/studio/pages/${config.slug}?${new URLSearchParams({ done, row: change.row.id })}`,
  );
}

const smallButton =
  "rounded-md border border-white/15 px-2.5 py-1 text-xs font-semibold text-slate-200 hover:border-white/40 hover:bg-white/5 disabled:opacity-40 disabled:hover:bg-transparent";

export default function StudioSection({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { slug, rows, trash, done } = loaderData;
  const config = sectionConfigBySlug(slug);
  const submit = useSubmit();
  if (!config) return null;
  const problem =
    actionData && "problem" in actionData ? actionData.problem : null;

  function onReorder(ids: string[], moved: string) {
    const form = new FormData();
    form.set("intent", "reorder");
    form.set("moved", moved);
    for (const id of ids) form.append("ids", id);
    void submit(form, { method: "post", preventScrollReset: true });
  }

  return (
    <>
      <p className={eyebrowClass}>
        <Link to="/studio/pages" className="hover:underline">
          Pages
        </Link>{" "}
        · {config.page}
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-4">
        <h1 className={headingClass}>{config.name}</h1>
        <div className="flex flex-wrap gap-3">
          <a
            href={config.publicPath}
            target="_blank"
            rel="noreferrer"
            className={buttonClass("secondary", "md")}
          >
            <Icon name="ExternalLink" aria-hidden="true" className="h-4 w-4" />
            Preview on the {config.page} page
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <Link
            to={`/studio/pages/${config.slug}/new`}
            className={buttonClass("primary", "md")}
          >
            <Icon name="Pencil" aria-hidden="true" className="h-4 w-4" />
            Add a {config.singular}
          </Link>
        </div>
      </div>

      <div aria-live="polite">
        {problem ? (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-rose-400/40 bg-rose-500/10 px-4 py-3 text-rose-100"
          >
            {problem}
          </p>
        ) : done ? (
          <p className="mt-4 rounded-lg border border-emerald-400/40 bg-emerald-500/10 px-4 py-3 text-emerald-100">
            {done.what}: “{done.title}”.{" "}
            <a
              href={config.publicPath}
              className="font-semibold underline underline-offset-4"
            >
              See it on the {config.page} page
            </a>
          </p>
        ) : null}
      </div>

      {rows.length === 0 ? (
        <p className="mt-6 text-slate-300">
          Nothing here yet: the {config.page} page shows its “empty” message.
        </p>
      ) : (
        <ReorderList
          items={rows}
          onReorder={onReorder}
          className="mt-6 space-y-3"
          itemClassName={`${cardClass} flex flex-wrap items-center gap-4 p-4`}
          renderItem={(row, index, handle) => (
            <>
              {handle}
              {config.iconSet ? (
                <ContentIcon
                  name={row.icon}
                  set={config.iconSet}
                  className="h-6 w-6 shrink-0 text-emerald-300"
                />
              ) : null}
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold text-white">{row.title}</h2>
                {row.summary ? (
                  <p className="mt-1 text-sm text-slate-400">{row.summary}</p>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/studio/pages/${config.slug}/${row.id}`}
                  className={smallButton}
                >
                  Edit<span className="sr-only"> {row.title}</span>
                </Link>
                <Form method="post" preventScrollReset className="contents">
                  <input type="hidden" name="id" value={row.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="up"
                    disabled={index === 0}
                    className={smallButton}
                  >
                    Move up<span className="sr-only"> {row.title}</span>
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="down"
                    disabled={index === rows.length - 1}
                    className={smallButton}
                  >
                    Move down<span className="sr-only"> {row.title}</span>
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="trash"
                    className={`${smallButton} border-rose-400/40 text-rose-200`}
                  >
                    Delete<span className="sr-only"> {row.title}</span>
                  </button>
                </Form>
              </div>
            </>
          )}
        />
      )}

      {trash.length > 0 ? (
        <section aria-labelledby="trash-heading" className="mt-10">
          <h2 id="trash-heading" className="text-lg font-semibold text-white">
            Trash
          </h2>
          <p className="mt-1 text-sm text-slate-400">
            Deleted entries are kept for {TRASH_PERIOD}. Restoring one puts it
            back exactly where it was.
          </p>
          <ul className="mt-3 divide-y divide-white/5">
            {trash.map((row) => (
              <li
                key={row.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              >
                <span className="text-slate-200">
                  {row.title}{" "}
                  <span className="text-slate-400">
                    · deleted <Moment iso={row.deletedAt} />
                  </span>
                </span>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="id" value={row.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="restore"
                    className={textLinkClass}
                  >
                    Restore<span className="sr-only"> {row.title}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const config = sectionConfigBySlug(loaderData?.slug);
  return studioMeta({ matches }, config ? config.name : "Pages");
}
