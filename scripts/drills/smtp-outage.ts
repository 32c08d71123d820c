// Drill 3: the mail server is away (connection refused), then struggling
// (451 try again later), then back. Messages are stored and acknowledged
// throughout; every notification arrives once the server accepts again.
import { readFileSync } from "node:fs";
import path from "node:path";

import { startLoopbackSmtp } from "~tests/support/smtp";

import {
  freshDatabase,
  storedMessages,
  waitForMailQueueEmpty,
} from "./support/database";
import { LOG_DIR, PORT_BASE, startInstance } from "./support/processes";
import {
  account,
  drillResult,
  reportBooks,
  statusCounts,
} from "./support/reporting";
import { sleep } from "./support/time";
import { runConcurrently, submitMessage, token } from "./support/visitors";

export async function smtpOutageDrill({
  total = 200,
  refusedMs = 15_000,
  busyMs = 15_000,
} = {}) {
  const result = drillResult("smtp-outage: mail server away, then back");
  const database = await freshDatabase("smtp");
  const smtpPort = PORT_BASE + 27;
  const instance = await startInstance({
    name: "smtp-outage",
    port: PORT_BASE + 5,
    databaseUrl: database.url,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
  });
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>> | undefined;
  try {
    const outageStarted = Date.now();
    const submissions = await runConcurrently(total, 20, (index) =>
      submitMessage(instance, index, token("smtp", index)),
    );
    result.figure(
      "answers while SMTP refuses connections",
      statusCounts(submissions),
    );
    const stored = await storedMessages(database);
    result.figure("stored", stored.length);
    if (submissions.some((submission) => !submission.acknowledged))
      result.problem("a message was not acknowledged while only SMTP was away");

    await sleep(Math.max(0, refusedMs - (Date.now() - outageStarted)));
    const [tried] = await database.query<{ tried: number; failing: number }>(
      `select count(*) filter (where attempts > 0)::int as tried,
              count(*) filter (where last_error is not null)::int as failing
       from mail_outbox`,
    );
    result.figure(
      "mails tried and failed (connection refused)",
      tried?.failing ?? 0,
    );

    smtp = await startLoopbackSmtp({ port: smtpPort });
    smtp.mode = "reject";
    await sleep(busyMs);
    const [busy] = await database.query<{ n: number }>(
      "select count(*)::int as n from mail_outbox where last_error like '%451%'",
    );
    result.figure(
      "mails answered 451 while the server was struggling",
      busy?.n ?? 0,
    );
    if (smtp.mails.length !== 0)
      result.problem("mail was accepted while the server refused it");

    smtp.mode = "accept";
    result.figure("outage length (ms)", Date.now() - outageStarted);
    const drainMs = await waitForMailQueueEmpty(database, 900_000);
    result.figure("all delivered after the server came back (ms)", drainMs);
    const [attempts] = await database.query<{ max: number; avg: number }>(
      "select max(attempts)::int as max, round(avg(attempts), 1)::float as avg from mail_outbox",
    );
    result.figure(
      "attempts per mail (max / mean)",
      `${attempts?.max} / ${attempts?.avg}`,
    );

    const books = account(
      submissions,
      await storedMessages(database),
      smtp.mails.map((mail) => mail.messageId),
    );
    reportBooks(result, books);

    const log = readFileSync(path.join(LOG_DIR, "smtp-outage.log"), "utf8");
    const reasons = log
      .split("\n")
      .filter((line) => line.includes("mail delivery failed"));
    result.figure("failures logged", reasons.length);
    if (!reasons.some((line) => line.includes("ECONNREFUSED")))
      result.problem("no logged failure names the refused connection");
    if (!reasons.some((line) => line.includes("451")))
      result.problem("no logged failure names the 451 answer");
  } finally {
    await instance.stop();
    await smtp?.close();
    await database.drop();
  }
  return result;
}
