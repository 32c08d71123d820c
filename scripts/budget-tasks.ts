// What each route's blocking time is made of, run by run (issue 30).
//
// `BUDGET_REPORTS=DIR BUDGET_TRACES=1 npm run budget` keeps each run's
// gathered trace beside its report. This audits every kept run again with
// the slowdown it was audited with, and prints the long tasks of Lighthouse's
// own simulation (the ones its TBT sums, after the simulated first paint),
// each with its duration as observed, unthrottled, and what ran in it: the
// document's layout, a boot step, a module's evaluation, a slice of React's
// work. A page's excess over its control is then a list of named tasks
// rather than one number.
//
// Usage: npm run budget:tasks -- DIR [ROUTE-PREFIX]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import type { Flags } from "lighthouse";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";

/** What counts of a task as blocking: its time beyond this. */
const BLOCKING_MS = 50;

interface SimulatedTask {
  start: number;
  simulated: number;
  observed: number;
  what: string;
}

const [dir, prefix = ""] = process.argv.slice(2);
if (!dir || !existsSync(dir)) {
  console.error("Usage: npm run budget:tasks -- DIR [ROUTE-PREFIX]");
  console.error(
    "DIR: a BUDGET_REPORTS directory of a run made with BUDGET_TRACES=1.",
  );
  process.exit(2);
}

interface TraceEvent {
  name: string;
  dur?: number;
  args?: { data?: { url?: string; functionName?: string } };
}

// Each simulation hands its nodes' timings to this one method; it is wrapped
// to keep the CPU tasks long enough to block, with what ran in each.
let simulated: SimulatedTask[][] = [];
const { TotalBlockingTime } = Lantern.Metrics;
const topLevelEvents =
  TotalBlockingTime.getTopLevelEvents.bind(TotalBlockingTime);
TotalBlockingTime.getTopLevelEvents = (nodeTimings, minDurationMs) => {
  const tasks: SimulatedTask[] = [];
  for (const [node, timing] of nodeTimings) {
    if (node.type !== Lantern.Graph.BaseNode.types.CPU) continue;
    if (timing.duration < minDurationMs) continue;
    const cpu = node as Lantern.Graph.CPUNode;
    tasks.push({
      start: timing.startTime,
      simulated: timing.duration,
      observed: ((cpu.event as TraceEvent).dur ?? 0) / 1000,
      what: contents(cpu.childEvents as TraceEvent[]),
    });
  }
  simulated.push(tasks);
  return topLevelEvents(nodeTimings, minDurationMs);
};

/** The largest events of a task, by name (a script's file, a called function's name). */
function contents(events: TraceEvent[]): string {
  const byName = new Map<string, number>();
  for (const event of events) {
    if ((event.dur ?? 0) < 1000) continue;
    const data = event.args?.data;
    const file = data?.url ? `:${data.url.split("/").pop()}` : "";
    const name = `${event.name}${file}${data?.functionName ? `:${data.functionName}` : ""}`;
    byName.set(name, (byName.get(name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
    .join(", ");
}

interface Artifacts {
  URL: { finalDisplayedUrl: string };
  settings: Flags & {
    throttling: { cpuSlowdownMultiplier: number };
    onlyCategories?: string[];
  };
}

const runs = readdirSync(dir)
  .filter(
    (name) =>
      name.startsWith(prefix) &&
      existsSync(path.join(dir, name, "artifacts.json")),
  )
  .sort();
if (runs.length === 0) {
  console.error(
    `${dir}: no kept traces (run the budget with BUDGET_TRACES=1).`,
  );
  process.exit(2);
}

for (const run of runs) {
  const artifactsDir = path.join(dir, run);
  const artifacts = JSON.parse(
    readFileSync(path.join(artifactsDir, "artifacts.json"), "utf8"),
  ) as Artifacts;
  simulated = [];
  const result = await lighthouse(artifacts.URL.finalDisplayedUrl, {
    output: "json",
    logLevel: "error",
    onlyCategories: artifacts.settings.onlyCategories,
    skipAudits: artifacts.settings.skipAudits,
    throttlingMethod: "simulate",
    throttling: artifacts.settings.throttling,
    auditMode: artifactsDir,
  });
  const audits = result?.lhr.audits;
  const fcp = audits?.["first-contentful-paint"]?.numericValue ?? 0;
  const tbt = audits?.["total-blocking-time"]?.numericValue ?? NaN;
  // Lighthouse's TBT is the mean of an optimistic and a pessimistic
  // simulation; the last one run is shown, its tasks after the first paint.
  const tasks = (simulated.at(-1) ?? []).filter((task) => task.start >= fcp);
  const summary = tasks.reduce(
    (sum, task) => sum + Math.max(0, task.simulated - BLOCKING_MS),
    0,
  );
  console.log(
    `${run}  ×${artifacts.settings.throttling.cpuSlowdownMultiplier.toFixed(2)}  TBT ${tbt.toFixed(0)} ms  (FCP ${fcp.toFixed(0)}; this simulation's tasks over ${BLOCKING_MS} ms: ${summary.toFixed(0)} ms blocking)`,
  );
  for (const task of tasks) {
    console.log(
      `  at ${task.start.toFixed(0).padStart(5)}  ${task.simulated.toFixed(0).padStart(4)} ms simulated, ${task.observed.toFixed(1).padStart(5)} observed  ${task.what}`,
    );
  }
}
