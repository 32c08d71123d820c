import { data, Link } from "react-router";

import type { Route } from "./+types/readers";
import { textLinkClass } from "~/components/page/styles";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { readerQuery } from "~/studio/readers";
import { periodOf, readersReport } from "~/studio/readers.server";
import { PeriodChooser } from "~/studio/readers-period";
import { Report } from "~/studio/readers-report";
import { headingClass } from "~/studio/ui";

import { countFediverseFollowers } from "~/data/fediverse-responses.server";

export async function loader(args: Route.LoaderArgs) {
  const { db, env, settings } = await requireStudioOwner(args);
  const query = readerQuery(new URL(args.request.url).searchParams);
  const now = new Date();
  const period = periodOf(query, now);
  // Why nothing is counted now, if it is not: the server's switch, or the
  // owner's (the request's settings, the ones the recorder asks).
  const off =
    env.READERS_COUNTING === "off"
      ? ("server" as const)
      : settings.readerCounting === "off"
        ? ("settings" as const)
        : null;
  if ("error" in period) {
    return data(
      { query, error: period.error, report: null, off, followers: null },
      { status: 400 },
    );
  }
  const [report, followers] = await Promise.all([
    readersReport(db, period.range, now),
    settings.socialWeb === "on" ? countFediverseFollowers(db) : null,
  ]);
  return data({ query, error: null, report, off, followers });
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Readers");
}

export default function StudioReaders({ loaderData }: Route.ComponentProps) {
  const { query, error, report, off, followers } = loaderData;
  return (
    <>
      <h1 className={headingClass}>Readers</h1>
      <p className="mt-2 text-slate-300">
        Who reads what, counted on this server without cookies (
        <Link to="/privacy" className={textLinkClass}>
          how
        </Link>
        ). Days are UTC days.
      </p>
      {off === "settings" ? (
        <p className="mt-2 text-amber-200">
          Counting is off (
          <Link to="/studio/settings" className={textLinkClass}>
            Settings
          </Link>
          , Readers): these figures stand still.
        </p>
      ) : off === "server" ? (
        <p className="mt-2 text-amber-200">
          Counting is off on this server (READERS_COUNTING=off): these figures
          stand still.
        </p>
      ) : null}
      {followers !== null ? (
        <p className="mt-2 text-slate-300">
          Beside these visitors, {followers} fediverse{" "}
          {followers === 1 ? "account follows" : "accounts follow"} the site.
        </p>
      ) : null}
      <PeriodChooser query={query} />
      {error ? (
        <p role="alert" className="mt-6 text-rose-300">
          {error}
        </p>
      ) : null}
      {report ? <Report report={report} query={query} /> : null}
    </>
  );
}
