// The studio's share of `npm run budget`: Lighthouse's desktop preset on the
// screens the owner works in (the post list, the editor, the inbox), signed
// in as the owner, the median of a few runs. The studio's other budgets
// (first-load JavaScript, its stylesheet) come from the build in budget.ts.
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

import { signInAsStudioOwner } from "./studio-lists";

/** Lighthouse desktop performance on the post list, the editor and the inbox (issue 25). */
export const STUDIO_DESKTOP_PERFORMANCE = 95;

/** Lighthouse's errors for a trace it did not record: its advice is to run again. */
const UNRECORDED = ["NO_NAVSTART", "NO_FCP"];

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/**
 * `audit`'s report, run up to twice more while Lighthouse recorded no trace
 * (a busy machine), so a median is of as many measurements as asked for.
 */
export async function recordedAudit<T extends Report | undefined>(
  pathname: string,
  audit: () => Promise<T>,
): Promise<T> {
  let report = await audit();
  for (
    let retry = 0;
    retry < 2 && UNRECORDED.includes(report?.runtimeError?.code ?? "");
    retry += 1
  ) {
    console.error(
      `${pathname}: ${report?.runtimeError?.code}, measuring again`,
    );
    report = await audit();
  }
  return report;
}

export interface StudioScore {
  name: string;
  pathname: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  problems: string[];
}

/** The owner's screens, measured with the owner's session; the editor opens the list's first post. */
export async function auditStudio(
  baseUrl: string,
  chromePort: number,
  runs: number,
): Promise<StudioScore[]> {
  const cookie = await signInAsStudioOwner(baseUrl);
  const list = await (
    await fetch(`${baseUrl}/studio/posts`, { headers: { cookie } })
  ).text();
  const editor = /href="(\/studio\/posts\/[0-9a-f-]{36})"/.exec(list)?.[1];
  if (!editor) throw new Error("the studio's post list links to no post");
  const screens: Array<[string, string]> = [
    ["Studio posts", "/studio/posts"],
    ["Post editor", editor],
    ["Studio inbox", "/studio/messages"],
  ];
  const scores: StudioScore[] = [];
  for (const [name, pathname] of screens) {
    const measured: Array<{ performance: number; lcp: number; tbt: number }> =
      [];
    for (let run = 0; run < runs; run += 1) {
      const audit = () =>
        lighthouse(
          baseUrl + pathname,
          {
            port: chromePort,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            extraHeaders: { cookie },
          },
          desktopConfig,
        );
      const lhr = await recordedAudit(
        pathname,
        async () => (await audit())?.lhr,
      );
      if (lhr?.runtimeError) {
        console.error(`${pathname}: ${lhr.runtimeError.code}`);
      }
      measured.push({
        performance: Math.round(
          (lhr?.categories.performance?.score ?? 0) * 100,
        ),
        lcp: lhr?.audits["largest-contentful-paint"]?.numericValue ?? NaN,
        tbt: lhr?.audits["total-blocking-time"]?.numericValue ?? NaN,
      });
    }
    const middle = <T>(values: T[], by: (value: T) => number) =>
      by(
        [...values].sort((a, b) => by(a) - by(b))[
          Math.floor(values.length / 2)
        ] as T,
      );
    const performance = middle(measured, (run) => run.performance);
    scores.push({
      name,
      pathname,
      performance,
      lcpMs: middle(measured, (run) => run.lcp),
      tbtMs: middle(measured, (run) => run.tbt),
      problems:
        performance >= STUDIO_DESKTOP_PERFORMANCE
          ? []
          : [
              `${name}: desktop performance ${performance} < ${STUDIO_DESKTOP_PERFORMANCE}`,
            ],
    });
  }
  return scores;
}

/** The scores as the budget prints them. */
export function printStudioScores(scores: StudioScore[]) {
  console.log("");
  console.log("Studio (Lighthouse desktop, signed in as the owner):");
  for (const score of scores) {
    console.log(
      `  ${`${score.name} (${score.pathname.replace(/[0-9a-f-]{36}$/, "{id}")})`.padEnd(40)} perf ${String(score.performance).padStart(3)}  LCP ${score.lcpMs.toFixed(0).padStart(5)} ms  TBT ${score.tbtMs.toFixed(0).padStart(4)} ms  ${score.problems.length === 0 ? "ok" : "MISS"}`,
    );
  }
}
