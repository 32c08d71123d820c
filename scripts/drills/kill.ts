// Drill 2: one of two instances is killed with SIGKILL in the middle of the
// load and started again. Every acknowledged message must be there, and every
// stored message's mail delivered in the end (a mail the dead instance had
// handed to SMTP but not yet recorded may arrive twice, with the same
// Message-ID; that is counted, not hidden).
import { startLoopbackSmtp } from "~tests/support/smtp";

import {
  freshDatabase,
  storedMessages,
  waitForMailQueueEmpty,
} from "./support/database";
import { PORT_BASE, startInstance } from "./support/processes";
import type { Instance } from "./support/processes";
import {
  account,
  drillResult,
  reportBooks,
  reportLoad,
} from "./support/reporting";
import { sleep } from "./support/time";
import { runConcurrently, submitMessage, token } from "./support/visitors";

export async function killDrill({
  total = 1_500,
  concurrency = 50,
  killAt = 500,
} = {}) {
  const result = drillResult("kill: SIGKILL mid-load, then restart");
  const database = await freshDatabase("kill");
  // A mail server that takes its time, so the killed instance dies with mails in hand.
  const smtp = await startLoopbackSmtp({
    port: PORT_BASE + 26,
    acceptDelayMs: 150,
  });
  const start = (n: number) =>
    startInstance({
      name: `kill-${n}`,
      port: PORT_BASE + 2 + n,
      databaseUrl: database.url,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    });
  const instances: Instance[] = await Promise.all([start(1), start(2)]);
  let restart: Promise<void> | undefined;
  let victimDown = false;
  try {
    const started = performance.now();
    const submissions = await runConcurrently(total, concurrency, (index) => {
      if (index === killAt) {
        restart = (async () => {
          const victim = instances[0];
          if (!victim) return;
          // The balancer sends no new work its way; what it already had is lost in flight.
          victimDown = true;
          await victim.kill();
          const [held] = await database.query<{ n: number }>(
            "select count(*)::int as n from mail_outbox where sent_at is null and next_attempt_at > now() + interval '60 seconds'",
          );
          result.figure(
            "mails leased (claimed, not yet recorded sent) at the kill, both instances",
            held?.n ?? 0,
          );
          const killedAt = performance.now();
          result.figure("killed instance 1 at submission", killAt);
          instances[0] = await start(1);
          victimDown = false;
          result.figure(
            "instance 1 back and ready after (ms)",
            Math.round(performance.now() - killedAt),
          );
        })();
      }
      // A load balancer stops sending to an instance that is down.
      const target =
        victimDown || index % 2 === 1 ? instances[1] : instances[0];
      if (!target) throw new Error("no instance");
      return submitMessage(target, index, token("kill", index));
    });
    await restart;
    reportLoad(result, submissions, {
      concurrency,
      seconds: (performance.now() - started) / 1000,
    });

    // A visitor who saw no answer sends again, from the same form (same key).
    const lost = submissions.flatMap((submission, index) =>
      submission.acknowledged ? [] : [index],
    );
    const resends = await Promise.all(
      lost.map((index) =>
        submitMessage(
          instances[index % 2] ?? (instances[1] as Instance),
          index,
          token("kill", index),
        ),
      ),
    );
    result.figure(
      "visitors who saw no answer and sent again (same form key)",
      `${resends.length}, ${resends.filter((resend) => resend.acknowledged).length} now told 'Message Sent!'`,
    );
    for (const resend of resends) {
      const index = submissions.findIndex(
        (submission) => submission.token === resend.token,
      );
      // The visitor's last answer is what they know.
      if (index !== -1 && resend.acknowledged) submissions[index] = resend;
    }

    // Mails the killed instance had claimed wait for their lease (2 minutes) to run out.
    const drainMs = await waitForMailQueueEmpty(database, 240_000);
    result.figure("mail queue empty after load ended (ms)", drainMs);
    await sleep(500);

    const [reclaimed] = await database.query<{ n: number }>(
      "select count(*)::int as n from mail_outbox where attempts > 1",
    );
    result.figure(
      "mails taken over after the killed instance's lease ran out",
      reclaimed?.n ?? 0,
    );
    const stored = await storedMessages(database);
    const books = account(
      submissions,
      stored,
      smtp.mails.map((mail) => mail.messageId),
    );
    reportBooks(result, books, "counted");
    // reportBooks counts any message stored twice as a problem; a resend is the usual cause.
    result.figure(
      "messages stored twice (resends included; target 0)",
      books.storedTwice.length,
    );
    result.figure(
      "not acknowledged (in flight at the kill)",
      total - books.acknowledged,
    );
    result.figure("stored", stored.length);
    result.figure(
      "stored though the visitor saw no answer",
      stored.length - books.storedOnce - books.storedTwice.length,
    );
    result.figure("mails received", smtp.mails.length);
    if (total - books.acknowledged > concurrency)
      result.problem(
        `${total - books.acknowledged} unacknowledged: more than were in flight at the kill`,
      );
  } finally {
    await restart?.catch(() => undefined);
    await Promise.all(instances.map((instance) => instance.stop()));
    await smtp.close();
    await database.drop();
  }
  return result;
}
