// Drill 1: 2,000 contact messages at 50 at a time across two instances on one
// PostgreSQL. Every acknowledged message must be stored exactly once and its
// notification delivered exactly once.
import { startLoopbackSmtp } from "~tests/support/smtp";

import {
  freshDatabase,
  storedMessages,
  waitForMailQueueEmpty,
} from "./support/database";
import { PORT_BASE, startInstance } from "./support/processes";
import {
  account,
  drillResult,
  reportBooks,
  reportLoad,
} from "./support/reporting";
import { runConcurrently, submitMessage, token } from "./support/visitors";

export async function loadDrill({ total = 2_000, concurrency = 50 } = {}) {
  const result = drillResult("load: two instances, one PostgreSQL");
  const database = await freshDatabase("load");
  const smtp = await startLoopbackSmtp({ port: PORT_BASE + 25 });
  const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
  const start = (n: number) =>
    startInstance({
      name: `load-${n}`,
      port: PORT_BASE + n,
      databaseUrl: database.url,
      smtpUrl,
    });
  // Started together: the migrations must serialise between them.
  const [one, two] = await Promise.all([start(1), start(2)]);
  try {
    const started = performance.now();
    const submissions = await runConcurrently(total, concurrency, (index) =>
      submitMessage(index % 2 === 0 ? one : two, index, token("load", index)),
    );
    reportLoad(result, submissions, {
      concurrency,
      seconds: (performance.now() - started) / 1000,
    });
    result.figure(
      "mail queue empty after load ended (ms)",
      await waitForMailQueueEmpty(database, 180_000),
    );

    const books = account(
      submissions,
      await storedMessages(database),
      smtp.mails.map((mail) => mail.messageId),
    );
    reportBooks(result, books);
    result.figure("mails received", smtp.mails.length);
    if (books.acknowledged !== total)
      result.problem(
        `${total - books.acknowledged} submissions were not acknowledged`,
      );
    if (smtp.mails.length !== books.deliveredOnce)
      result.problem(
        `${smtp.mails.length} mails received for ${books.deliveredOnce} messages`,
      );
  } finally {
    await Promise.all([one.stop(), two.stop()]);
    await smtp.close();
    await database.drop();
  }
  return result;
}
