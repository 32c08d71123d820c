// What each route's blocking time is made of, run by run (issue 30).
//
// `BUDGET_REPORTS=DIR BUDGET_TRACES=1 npm run budget` keeps each run's
// gathered trace beside its report. This audits every kept run again with
// the slowdown it was audited with, and prints the two halves of Lighthouse's
// simulated TBT (it reports their mean), each with its window and the tasks
// that block in it: their duration simulated and as observed, unthrottled,
// what they block, and what ran in them (the document's layout, a boot step,
// a module's evaluation, a slice of React's work). A page's excess over its
// control is then a list of named tasks rather than one number.
//
// Usage: npm run budget:tasks -- DIR [ROUTE-PREFIX]
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import type { Flags } from "lighthouse";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";

/**
 * A CPU task of one simulation, long enough to block, with the part of it
 * that counts in that simulation's window.
 */
interface SimulatedTask {
  start: number;
  simulated: number;
  observed: number;
  blocking: number;
  what: string;
}

/**
 * Lighthouse's TBT is the mean of two sums over the same simulated tasks:
 * the optimistic one from the pessimistic first paint to the optimistic
 * interactive time, the pessimistic one from the optimistic first paint to
 * the pessimistic interactive time. Tasks are clipped to the window first.
 */
interface Half {
  from: number;
  to: number;
  blocking: number;
  tasks: SimulatedTask[];
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

// Each half of the TBT estimate goes through this one method; it is wrapped
// to keep that half's window and its long tasks, with what ran in each.
// Lighthouse estimates TBT more than once a run, the same each time: the
// last of each half is kept, under whether it is the optimistic one.
let halves = new Map<boolean, Half>();
const { TotalBlockingTime, TBTUtils } = Lantern.Metrics;
const estimate =
  TotalBlockingTime.getEstimateFromSimulation.bind(TotalBlockingTime);
TotalBlockingTime.getEstimateFromSimulation = (simulation, extras) => {
  const result = estimate(simulation, extras);
  const fcp = extras.fcpResult;
  const interactive = extras.interactiveResult;
  if (!fcp || !interactive) return result;
  const from = extras.optimistic
    ? fcp.pessimisticEstimate.timeInMs
    : fcp.optimisticEstimate.timeInMs;
  const to = extras.optimistic
    ? interactive.optimisticEstimate.timeInMs
    : interactive.pessimisticEstimate.timeInMs;
  const tasks: SimulatedTask[] = [];
  for (const [node, timing] of simulation.nodeTimings) {
    if (node.type !== Lantern.Graph.BaseNode.types.CPU) continue;
    const event = {
      start: timing.startTime,
      end: timing.endTime,
      duration: timing.duration,
    };
    const blocking = TBTUtils.calculateTbtImpactForEvent(event, from, to);
    if (blocking <= 0) continue;
    const cpu = node as Lantern.Graph.CPUNode;
    tasks.push({
      start: event.start,
      simulated: event.duration,
      observed: ((cpu.event as TraceEvent).dur ?? 0) / 1000,
      blocking,
      what: contents(cpu.childEvents as TraceEvent[]),
    });
  }
  tasks.sort((a, b) => a.start - b.start);
  halves.set(extras.optimistic, {
    from,
    to,
    blocking: result.timeInMs,
    tasks,
  });
  return result;
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
  halves = new Map();
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
  const tbt = audits?.["total-blocking-time"]?.numericValue ?? NaN;
  console.log(
    `${run}  ×${artifacts.settings.throttling.cpuSlowdownMultiplier.toFixed(2)}  TBT ${tbt.toFixed(0)} ms, the mean of:`,
  );
  for (const optimistic of [true, false]) {
    const half = halves.get(optimistic);
    if (!half) continue;
    console.log(
      `  ${optimistic ? "optimistic " : "pessimistic"} ${half.blocking.toFixed(0).padStart(4)} ms, first paint ${half.from.toFixed(0)} to interactive ${half.to.toFixed(0)}`,
    );
    for (const task of half.tasks) {
      console.log(
        `    ${task.start.toFixed(0).padStart(5)}–${(task.start + task.simulated).toFixed(0).padEnd(5)} ${task.simulated.toFixed(0).padStart(4)} ms simulated (${task.observed.toFixed(1).padStart(5)} observed), blocks ${task.blocking.toFixed(0).padStart(3)}  ${task.what}`,
      );
    }
  }
}
