// Mail outboxes for tests, with a drain(): nudge the worker until no mail is
// due, none is in flight and every accepted mail is recorded as sent. Only
// the outbox's public API (startOutbox, nudge, onAttempt) and the table are
// used, so production code carries nothing for tests.
import { and, isNotNull, isNull, lte, sql, sum } from "drizzle-orm";

import type { Database } from "~database/client";
import { mailOutbox } from "~database/schema";
import { startOutbox } from "~server/outbox";
import type { Outbox, OutboxOptions } from "~server/outbox";

export interface DrainableOutbox extends Outbox {
  /**
   * Delivers until nothing due is left; resolves with how many delivery
   * attempts this outbox made meanwhile. On a database the test has broken,
   * it nudges once and returns (the worker cannot get further either).
   */
  drain(): Promise<number>;
}

/**
 * Starts outboxes that share one table, observed through `observer`. The
 * mail rows must be the test's own, queued with no attempts yet: a claimed
 * mail is in flight until its attempt is reported.
 */
export function drainableOutboxes(
  observer: Database,
): (options: OutboxOptions) => DrainableOutbox {
  const reported = { attempts: 0, sent: 0 };

  async function settled(): Promise<boolean> {
    const [row] = await observer
      .select({
        due: sql<number>`count(*) filter (where ${and(
          isNull(mailOutbox.sentAt),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
        )})::int`,
        sent: sql<number>`count(*) filter (where ${isNotNull(mailOutbox.sentAt)})::int`,
        attempts: sum(mailOutbox.attempts).mapWith(Number),
      })
      .from(mailOutbox);
    return (
      row?.due === 0 &&
      (row.attempts ?? 0) === reported.attempts &&
      row.sent >= reported.sent
    );
  }

  return (options) => {
    let attempts = 0;
    const outbox = startOutbox({
      ...options,
      onAttempt(outcome) {
        attempts += 1;
        reported.attempts += 1;
        if (outcome === "sent") reported.sent += 1;
        options.onAttempt?.(outcome);
      },
    });
    return {
      nudge: () => outbox.nudge(),
      stop: () => outbox.stop(),
      async drain() {
        const before = attempts;
        for (;;) {
          let done: boolean;
          try {
            done = await settled();
          } catch {
            outbox.nudge();
            return 0;
          }
          if (done) return attempts - before;
          outbox.nudge();
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
    };
  };
}
