import { describe, expect, it } from "vitest";

import { parseWrk, wrkMillis, wrkScript } from "./wrk";

const REPORT = `Running 10s test @ http://127.0.0.1:40111/about
  1 threads and 20 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.50ms    1.03ms  20.12ms   90.00%
    Req/Sec     8.10k   500.00     9.00k    70.00%
  Latency Distribution
     50%  812.00us
     75%    2.80ms
     90%    3.40ms
     99%    1.20s
  81000 requests in 10.00s, 5.00GB read
  Socket errors: connect 0, read 1, write 0, timeout 2
  Non-2xx or 3xx responses: 3
Requests/sec:   8099.50
Transfer/sec:    500.00MB
`;

describe("wrk's report", () => {
  it("gives the rate, the count, the median and p99 in ms, and every failure", () => {
    expect(parseWrk(REPORT)).toEqual({
      requestsPerSecond: 8099.5,
      total: 81000,
      p50: 0.812,
      p99: 1200,
      failed: 6,
    });
  });

  it("counts no failure when wrk reports none", () => {
    const clean = REPORT.split("\n")
      .filter((line) => !/Socket errors|Non-2xx/.test(line))
      .join("\n");
    expect(parseWrk(clean).failed).toBe(0);
  });

  it("says so when the report has no rate (wrk failed to connect)", () => {
    expect(() => parseWrk("unable to connect to 127.0.0.1:1\n")).toThrow(
      /no rate/,
    );
  });

  it("reads each of wrk's units", () => {
    expect(wrkMillis("500.00us")).toBe(0.5);
    expect(wrkMillis("1.52ms")).toBe(1.52);
    expect(wrkMillis("2.00s")).toBe(2000);
    expect(wrkMillis("1.00m")).toBe(60_000);
    expect(() => wrkMillis("fast")).toThrow(/not a wrk duration/);
  });
});

describe("wrk's script", () => {
  it("sends the headers, and a new address a request when asked", () => {
    const script = wrkScript({ "User-Agent": 'A "quoted" agent' }, true);
    expect(script).toContain('["User-Agent"] = "A \\"quoted\\" agent"');
    expect(script).toContain('headers["X-Forwarded-For"]');
    expect(wrkScript({}, false)).not.toContain("X-Forwarded-For");
  });
});
