import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";

import type { Route } from "./+types/newsletter-subscribers";
import {
  cardClass,
  buttonClass,
  textLinkClass,
} from "~/components/page/styles";
import { parseForm, readForm } from "~/lib/form.server";
import { pageCountOf } from "~/lib/pagination";
import { parsePageParam } from "~/lib/page-param";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { doneNotice, refusedNotice, useNotice } from "~/studio/notice";
import { parseSubscriberCsv } from "~/studio/subscriber-csv.server";
import {
  importConsentWording,
  subscriberImportSchema,
} from "~/studio/subscriber-import";
import type { SubscriberImportInput } from "~/studio/subscriber-import";
import { SubscriberImportForm } from "~/studio/subscriber-import-form";
import { fieldClass, headingClass, labelClass } from "~/studio/ui";
import { recordActivity } from "~database/activity";
import {
  listSubscribers,
  removeSubscriber,
  subscriberCounts,
  SUBSCRIBERS_PAGE_SIZE,
} from "~database/newsletter";
import { importSubscribers } from "~database/newsletter-import";
import type { Database } from "~database/database-types";

// The list's addresses a page at a time, searched in SQL; one removed with
// its consent record (it gets nothing more, and signing up again starts
// over); every address as CSV.

export async function loader(args: Route.LoaderArgs) {
  const { db } = await requireStudioOwner(args);
  const params = new URL(args.request.url).searchParams;
  const search = (params.get("q") ?? "").slice(0, 254);
  const page = parsePageParam(params.get("page")) ?? 1;
  const [counts, list] = await Promise.all([
    subscriberCounts(db),
    listSubscribers(db, { search, page }),
  ]);
  return {
    counts,
    search,
    page,
    pageCount: pageCountOf(list.total, SUBSCRIBERS_PAGE_SIZE),
    total: list.total,
    rows: list.rows.map((row) => ({
      ...row,
      consentedAt: row.consentedAt.toISOString(),
    })),
  };
}

const removeSchema = z.object({
  id: z.uuid("Choose an address from the list."),
  email: z.string().max(254),
});

/** Every answer names the rows that stopped an import, if any. */
const none = { problems: [] as string[] };

export async function action(args: Route.ActionArgs) {
  const { db, owner } = await requireStudioOwner(args);
  const body = await readForm(args.request);
  if (body.get("intent") === "import") {
    const form = parseForm(body, subscriberImportSchema);
    if (!form.ok)
      return refusedNotice("Nothing imported", form.message, 400, none);
    return importList(db, owner.name, form.data);
  }
  const form = parseForm(body, removeSchema);
  if (!form.ok)
    return refusedNotice("Nothing removed", form.message, 400, none);
  if (!(await removeSubscriber(db, form.data.id)))
    return refusedNotice(
      "Nothing removed",
      "It was removed already.",
      404,
      none,
    );
  await recordActivity(db, {
    action: "remove-subscriber",
    subjectType: "subscriber",
    subjectId: form.data.id,
    summary: form.data.email,
    actor: owner.name,
  });
  return doneNotice(
    "Removed",
    `${form.data.email} and its consent record are deleted.`,
    none,
  );
}

/** The whole file is read and checked before one address is stored. */
async function importList(
  db: Database,
  actor: string,
  { file, note }: SubscriberImportInput,
) {
  const parsed = parseSubscriberCsv(await file.text());
  if (!parsed.ok) {
    if ("tooMany" in parsed)
      return refusedNotice("Nothing imported", parsed.message, 413, none);
    const problems = parsed.problems.map(
      (problem) => `Line ${problem.line}: ${problem.message}.`,
    );
    const more = parsed.problemCount - problems.length;
    if (more > 0) problems.push(`And ${more} more rows like these.`);
    return refusedNotice(
      "Nothing imported",
      `${parsed.problemCount} row(s) of ${file.name} are not addresses; nothing was imported.`,
      422,
      { problems },
    );
  }
  const report = await importSubscribers(db, {
    addresses: parsed.addresses,
    wording: importConsentWording(note),
  });
  const summary = [
    `${report.added} added`,
    `${report.confirmed} pending confirmed`,
    `${report.alreadyConfirmed} already confirmed`,
    `${report.leftOut} unsubscribed or bounced left as they are`,
    ...(parsed.duplicates > 0
      ? [`${parsed.duplicates} repeated rows merged`]
      : []),
  ].join(", ");
  await recordActivity(db, {
    action: "import-subscribers",
    subjectType: "subscriber",
    subjectId: file.name.slice(0, 200),
    summary: `${file.name}: ${summary}`,
    actor,
  });
  return doneNotice("Imported", `${file.name}: ${summary}.`, none);
}

export default function StudioSubscribers({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { counts, search, page, pageCount, total, rows } = loaderData;
  useNotice(actionData?.notice);
  const busy = useNavigation().state !== "idle";
  const pageHref = (to: number) =>
    `?${new URLSearchParams({ ...(search ? { q: search } : {}), page: String(to) })}`;
  return (
    <>
      <h1 className={headingClass}>Subscribers</h1>
      <p className="mt-2 text-slate-300">
        {counts.confirmed} confirmed, {counts.pending} pending,{" "}
        {counts.unsubscribed} unsubscribed, {counts.bounced} bounced.{" "}
        <Link to="/studio/newsletter" className={textLinkClass}>
          Back to the newsletter
        </Link>
      </p>
      <div className="mt-6 flex flex-wrap items-end gap-3">
        <Form method="get" role="search" className="flex items-end gap-2">
          <div>
            <label htmlFor="subscribers-search" className={labelClass}>
              Search addresses
            </label>
            <input
              id="subscribers-search"
              name="q"
              type="search"
              defaultValue={search}
              maxLength={254}
              className={fieldClass}
            />
          </div>
          <button type="submit" className={buttonClass("secondary", "md")}>
            Search
          </button>
        </Form>
        <a
          href="/studio/newsletter/subscribers.csv"
          download
          className={buttonClass("secondary", "md")}
        >
          Export CSV
        </a>
      </div>
      <SubscriberImportForm problems={actionData?.problems ?? []} />
      <p className="mt-4 text-sm text-slate-400" aria-live="polite">
        {total} {search ? `matching "${search}"` : "addresses"}; page {page} of{" "}
        {pageCount}.
      </p>
      <ul aria-label="Subscribers" className="mt-3 space-y-2">
        {rows.map((row) => (
          <li
            key={row.id}
            className={`${cardClass} flex flex-wrap items-center gap-3 p-3`}
          >
            <span className="min-w-0 flex-1 break-all text-white">
              {row.email}
            </span>
            <span className="text-sm text-slate-300">
              {row.status}, consented {row.consentedAt.slice(0, 10)} on{" "}
              {row.consentSource}
            </span>
            <Form method="post">
              <input type="hidden" name="id" value={row.id} />
              <input type="hidden" name="email" value={row.email} />
              <button
                type="submit"
                disabled={busy}
                className={buttonClass("secondary", "sm")}
              >
                Remove<span className="sr-only"> {row.email}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <nav aria-label="Subscriber pages" className="mt-4 flex gap-3">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className={textLinkClass}>
              Previous page
            </Link>
          ) : null}
          {page < pageCount ? (
            <Link to={pageHref(page + 1)} className={textLinkClass}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Subscribers");
}
