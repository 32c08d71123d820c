// What the server itself says of the site follows the owner's saved settings,
// through the real Express app and a real SMTP conversation: the mail's
// sender and the server's own error pages change with the next mail and the
// next answer after a save, without a restart (docs/decisions/044).
import type { RequestHandler } from "express";
import { expect, test } from "vitest";

import { defaultSettings } from "~/config/default-settings";
import { saveSettings } from "~/data/site-settings.server";
import type { Database } from "~database/client";
import { mailOutbox } from "~database/schema";
import { startLoopbackSmtp } from "~tests/support/smtp";
import { startTestSite } from "~tests/support/site";

// Past the outbox's poll: a mail queued without a nudge goes with the next round.
const delivered = { timeout: 10_000, interval: 20 };

const pages: RequestHandler = (req, res, next) => {
  if (req.path === "/crash") return next(new Error("the page broke"));
  res.json({ reached: req.path });
};

/** A browser's document request the site refuses (a form from another site): its 403 page. */
async function refusedPage(url: string) {
  const response = await fetch(`${url}/contact`, {
    method: "POST",
    headers: {
      accept: "text/html",
      origin: "https://elsewhere.example",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "name=Riley",
  });
  expect(response.status).toBe(403);
  return response.text();
}

async function crashPage(url: string) {
  const response = await fetch(`${url}/crash`, {
    headers: { accept: "text/html" },
  });
  expect(response.status).toBe(500);
  return response.text();
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const langOf = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1];

function queueMail(db: Database, subject: string) {
  return db.insert(mailOutbox).values({
    recipient: "owner@example.org",
    subject,
    body: "Hello",
  });
}

test(
  "the mail's sender and the server's error pages take the saved product name and address, on the next mail and answer after a save",
  { timeout: 60_000 },
  async () => {
    const smtp = await startLoopbackSmtp();
    const site = await startTestSite(
      { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
      () => pages,
    );
    try {
      expect(titleOf(await refusedPage(site.url))).toBe(
        "Forbidden | Live Seasoned",
      );
      await queueMail(site.db, "Before");
      await expect.poll(() => smtp.mails.length, delivered).toBe(1);
      expect(smtp.mails[0]?.from).toBe(defaultSettings.email);
      expect(smtp.mails[0]?.raw).toMatch(
        /^From: "?Live Seasoned"? <hello@jordanavery\.example>\r?$/m,
      );

      await saveSettings(site.db, {
        ...defaultSettings,
        productName: "Forward",
        email: "ana@forward.example",
        locale: "pt-BR",
      });
      // The error pages do not wait on the database: the first answer after
      // the change may still have the settings before it, the next has it.
      await expect
        .poll(async () => titleOf(await refusedPage(site.url)), delivered)
        .toBe("Forbidden | Live Forward");
      const crashed = await crashPage(site.url);
      expect(titleOf(crashed)).toBe("Something went wrong | Live Forward");
      expect(langOf(crashed)).toBe("pt-BR");

      await queueMail(site.db, "After");
      await expect.poll(() => smtp.mails.length, delivered).toBe(2);
      expect(smtp.mails[1]?.from).toBe("ana@forward.example");
      expect(smtp.mails[1]?.raw).toMatch(
        /^From: "?Live Forward"? <ana@forward\.example>\r?$/m,
      );
    } finally {
      await site.close();
      await smtp.close();
    }
  },
);
