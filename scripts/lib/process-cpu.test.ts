import { describe, expect, it } from "vitest";

import { postgresCpuBetween, processCpuMicros } from "./process-cpu";

describe("PostgreSQL's CPU between two readings", () => {
  it("adds each process's growth, a new one's whole, and nothing for one that ended", () => {
    const before = new Map([
      [10, 1_000],
      [11, 5_000],
    ]);
    const after = new Map([
      [10, 1_600],
      [12, 300],
    ]);
    expect(postgresCpuBetween(before, after)).toBe(900);
  });
});

describe("a process's CPU from /proc", () => {
  it("grows as the process works", () => {
    const before = processCpuMicros(process.pid);
    const until = process.cpuUsage().user + 50_000;
    while (process.cpuUsage().user < until) Math.sqrt(Math.random());
    expect(processCpuMicros(process.pid)).toBeGreaterThan(before);
  });
});
