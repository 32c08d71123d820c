// The studio's Newsletter screen's reads and its test copy (docs/decisions/060).
import { desc, eq, isNull } from "drizzle-orm";
import nodemailer from "nodemailer";

import {
  readMailPost,
  renderNewsletterMail,
} from "~/data/newsletter-mail.server";
import { NEWSLETTER_PATH } from "~/components/newsletter/join-form";
import type { Database } from "~database/client";
import { posts, newsletterSends } from "~database/schema";

/** Published posts the list has not been sent, newest first. */
export async function unsentPosts(db: Database, limit = 20) {
  return db
    .select({ id: posts.id, title: posts.title, date: posts.date })
    .from(posts)
    .leftJoin(newsletterSends, eq(newsletterSends.postId, posts.id))
    .where(isNull(newsletterSends.id))
    .orderBy(desc(posts.date), desc(posts.id))
    .limit(limit);
}

/** The mail as a subscriber would get it; its unsubscribe link leads to the join page (the owner has no token). */
export async function previewMail(
  db: Database,
  siteUrl: string,
  listName: string,
  postId: string,
) {
  const post = await readMailPost(db, postId);
  return (
    post &&
    renderNewsletterMail({
      post,
      siteUrl,
      listName,
      unsubscribeUrl: `${siteUrl}${NEWSLETTER_PATH}`,
    })
  );
}

/**
 * Mails the owner a copy at once (not through the queue): the owner waits
 * on the screen for the answer, and a failure is told there.
 */
export async function sendTestCopy(options: {
  smtpUrl: string;
  from: { name: string; address: string };
  to: string;
  mail: NonNullable<Awaited<ReturnType<typeof previewMail>>>;
  listName: string;
}): Promise<void> {
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 10_000,
  });
  try {
    await transport.sendMail({
      from: options.from,
      to: options.to,
      subject: `[Test] ${options.listName}: ${options.mail.subject}`,
      html: options.mail.html,
      text: options.mail.text,
      headers: options.mail.headers,
    });
  } finally {
    transport.close();
  }
}
