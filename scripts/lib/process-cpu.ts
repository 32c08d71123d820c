// CPU time by process, read from /proc (Linux), for measurements that say
// where a cost lands: the server, the database, or neither.
import { readFileSync, readdirSync } from "node:fs";

/** Linux's USER_HZ, which /proc's times count in, on every architecture Node runs on. */
const CLOCK_TICKS = 100;

/** Microseconds of CPU (user and system) a process has used, from /proc (Linux). */
export function processCpuMicros(pid: number): number {
  return cpuMicrosOf(readFileSync(`/proc/${pid}/stat`, "utf8"));
}

/** The CPU a /proc/PID/stat line counts, in microseconds. */
function cpuMicrosOf(stat: string): number {
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / CLOCK_TICKS;
}

/** CPU used so far by every PostgreSQL process of this machine, by process. */
export function postgresCpu(): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.includes(" (postgres) "))
        used.set(Number(entry), cpuMicrosOf(stat));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return used;
}

/** What PostgreSQL's processes used between two readings (a process that ended in between counts what it had at the first). */
export function postgresCpuBetween(
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
): number {
  let used = 0;
  for (const [pid, micros] of after) used += micros - (before.get(pid) ?? 0);
  return used;
}
