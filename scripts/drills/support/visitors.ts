// The load generator: visitors sending contact messages as a browser does,
// many at a time.
import type { Instance } from "./processes";

/** A made-up but valid client address per visitor (the drill plays the proxy). */
export function visitorAddress(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

export interface Submission {
  token: string;
  acknowledged: boolean;
  status: number | "network error";
  ms: number;
}

/**
 * Sends one contact message the way a browser does: half as a plain form post
 * (no JavaScript), half as React Router's data request (with JavaScript).
 * Acknowledged means the visitor was told 'Message Sent!'.
 */
export async function submitMessage(
  instance: Pick<Instance, "url">,
  index: number,
  token: string,
): Promise<Submission> {
  const asData = index % 2 === 1;
  const started = performance.now();
  const body = new URLSearchParams({
    name: `Drill Visitor ${index}`,
    email: `visitor${index}@example.org`,
    message: `Reliability drill message ${token}. Please keep this one safe.`,
    // The key of the form rendering this visitor sends from (one per visitor):
    // a resend carries the same one.
    "idempotency-key": `drill-form-${token}`,
  });
  try {
    const response = await fetch(
      `${instance.url}/contact${asData ? ".data" : ""}`,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: instance.url,
          "x-forwarded-for": visitorAddress(index),
        },
        body,
        signal: AbortSignal.timeout(30_000),
      },
    );
    const text = await response.text();
    const acknowledged =
      response.status === 200 &&
      (asData ? text.includes('"sent"') : text.includes("Message Sent!"));
    return {
      token,
      acknowledged,
      status: response.status,
      ms: performance.now() - started,
    };
  } catch {
    return {
      token,
      acknowledged: false,
      status: "network error",
      ms: performance.now() - started,
    };
  }
}

/** Runs `total` tasks with at most `concurrency` at a time. */
export async function runConcurrently<T>(
  total: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = new Array<T>(total);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

export function token(run: string, index: number): string {
  return `${run}-${String(index).padStart(5, "0")}`;
}
