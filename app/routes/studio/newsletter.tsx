import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";

import type { Route } from "./+types/newsletter";
import { buttonClass, cardClass } from "~/components/page/styles";
import { readNewsletterSettings } from "~/data/newsletter-settings.server";
import { formatPostDate } from "~/lib/posts";
import { readForm } from "~/lib/form.server";
import { DataTable } from "~/studio/data-table";
import type { DataColumn } from "~/studio/data-table";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { doneNotice, refusedNotice, useNotice } from "~/studio/notice";
import {
  previewMail,
  sendTestCopy,
  unsentPosts,
} from "~/studio/newsletter.server";
import { headingClass } from "~/studio/ui";
import { recordActivity } from "~database/activity";
import { subscriberCounts } from "~database/newsletter";
import { queueSend, sendProgress } from "~database/newsletter-sends";
import type { SendProgress } from "~database/newsletter-sends";
import { errorMessage } from "~shared/error-message";

// The list at a glance, the posts not yet mailed (each with its preview, a
// test copy to the owner, and "Send to N subscribers"), and every send's
// progress, watched while one runs. A post is mailed at most once, ever
// (database/newsletter-sends.ts); the delivery worker does the sending.

export async function loader(args: Route.LoaderArgs) {
  const { db, env } = await requireStudioOwner(args);
  const [newsletter, counts, sends, posts] = await Promise.all([
    readNewsletterSettings(db),
    subscriberCounts(db),
    sendProgress(db),
    unsentPosts(db),
  ]);
  return {
    newsletter,
    counts,
    sends,
    posts,
    mailConfigured: Boolean(env.SMTP_URL),
  };
}

const actionSchema = z.object({
  intent: z.enum(["send", "test"]),
  postId: z.uuid("Choose a post from the list."),
});

export async function action(args: Route.ActionArgs) {
  const { db, env, mail, owner, settings } = await requireStudioOwner(args);
  const form = actionSchema.safeParse(
    Object.fromEntries(await readForm(args.request)),
  );
  if (!form.success)
    return refusedNotice(
      "Nothing sent",
      form.error.issues[0]?.message ?? "",
      400,
    );
  const newsletter = await readNewsletterSettings(db);
  if (!newsletter.enabled)
    return refusedNotice(
      "Nothing sent",
      "The newsletter is off: turn it on in Settings first.",
      409,
    );
  if (!env.SMTP_URL)
    return refusedNotice(
      "Nothing sent",
      "This server has no SMTP_URL, so it cannot send mail.",
      409,
    );
  const preview = await previewMail(
    db,
    env.SITE_URL,
    newsletter.listName,
    form.data.postId,
  );
  if (!preview)
    return refusedNotice("Nothing sent", "That post is not published.", 404);

  if (form.data.intent === "test") {
    try {
      await sendTestCopy({
        smtpUrl: env.SMTP_URL,
        // As the site's other mails: "Live {product}" at the public address.
        from: { name: `Live ${settings.productName}`, address: settings.email },
        to: owner.email,
        mail: preview,
        listName: newsletter.listName,
      });
    } catch (error) {
      return refusedNotice(
        "Test not sent",
        `The mail server said: ${errorMessage(error)}`,
        502,
      );
    }
    return doneNotice("Test sent", `A copy is on its way to ${owner.email}.`);
  }

  const queued = await queueSend(db, form.data.postId, preview.subject);
  if (!queued.queued)
    return refusedNotice(
      "Already sent",
      "This post has been mailed to the list before; a post goes once.",
      409,
    );
  mail.nudge();
  await recordActivity(db, {
    action: "send-newsletter",
    subjectType: "post",
    subjectId: form.data.postId,
    summary: preview.subject,
    actor: owner.name,
  });
  return doneNotice(
    "Sending",
    `Queued for ${queued.recipients} subscriber${queued.recipients === 1 ? "" : "s"}; it goes out at the hourly pace.`,
  );
}

const countLabels = [
  ["confirmed", "Confirmed"],
  ["pending", "Pending"],
  ["unsubscribed", "Unsubscribed"],
  ["bounced", "Bounced"],
] as const;

const sendColumns: ReadonlyArray<DataColumn<SendProgress>> = [
  {
    key: "post",
    heading: "Post",
    rowHeader: true,
    className: "font-medium",
    cell: (send) => send.subject,
  },
  ...(
    [
      ["queued", "Queued"],
      ["sent", "Sent"],
      ["failed", "Failed"],
      ["bounced", "Bounced"],
    ] as const
  ).map(([count, heading]) => ({
    key: count,
    heading,
    cell: (send: SendProgress) => send[count],
  })),
];

export default function StudioNewsletter({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { newsletter, counts, sends, posts, mailConfigured } = loaderData;
  useNotice(actionData?.notice);
  const busy = useNavigation().state !== "idle";
  const running = sends.some((send) => send.queued > 0);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void revalidate(), 3_000);
    return () => clearInterval(timer);
  }, [running, revalidate]);

  return (
    <>
      <h1 className={headingClass}>Newsletter</h1>
      <p className="mt-2 max-w-2xl text-slate-300">
        {newsletter.enabled
          ? `${newsletter.listName} is on: readers can subscribe, and each post can be mailed to the confirmed once.`
          : "The newsletter is off: the join form sends nothing and nothing is mailed."}{" "}
        <Link to="/studio/settings" className="text-emerald-300 underline">
          Newsletter settings
        </Link>
      </p>
      {mailConfigured ? null : (
        <p role="alert" className="mt-3 text-amber-200">
          This server has no SMTP_URL: nothing can be mailed until it is set.
        </p>
      )}

      <section aria-labelledby="subscribers-heading" className="mt-8">
        <h2
          id="subscribers-heading"
          className="text-xl font-semibold text-white"
        >
          Subscribers
        </h2>
        <p className="mt-1">
          <Link
            to="/studio/newsletter/subscribers"
            className="text-emerald-300 underline"
          >
            Every subscriber
          </Link>
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {countLabels.map(([status, label]) => (
            <div key={status} className={`${cardClass} p-4`}>
              <dt className="text-sm text-slate-300">{label}</dt>
              <dd className="text-2xl font-bold text-white">
                {counts[status]}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="unsent-heading" className="mt-8">
        <h2 id="unsent-heading" className="text-xl font-semibold text-white">
          Posts not yet sent
        </h2>
        {posts.length === 0 ? (
          <p className="mt-3 text-slate-300">Every published post was sent.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {posts.map((post) => (
              <li
                key={post.id}
                className={`${cardClass} flex flex-wrap items-center gap-3 p-4`}
              >
                <span className="min-w-0 flex-1 text-white">
                  {post.title}{" "}
                  <span className="text-sm text-slate-400">
                    {formatPostDate(post.date)}
                  </span>
                </span>
                <a
                  href={`/studio/newsletter/${post.id}/preview`}
                  target="_blank"
                  rel="noreferrer"
                  className={buttonClass("secondary", "sm")}
                >
                  Preview<span className="sr-only"> {post.title}</span>
                </a>
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="postId" value={post.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="test"
                    disabled={busy}
                    className={buttonClass("secondary", "sm")}
                  >
                    Send a test to me
                    <span className="sr-only"> ({post.title})</span>
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="send"
                    disabled={busy || !newsletter.enabled}
                    className={buttonClass("primary", "sm")}
                  >
                    Send to {counts.confirmed} subscriber
                    {counts.confirmed === 1 ? "" : "s"}
                    <span className="sr-only"> ({post.title})</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="sends-heading" className="mt-8">
        <h2 id="sends-heading" className="text-xl font-semibold text-white">
          Sends
        </h2>
        <DataTable
          look="figures"
          columns={sendColumns}
          rows={sends}
          rowKey={(send) => send.id}
          empty="No post has been mailed yet."
        />
      </section>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Newsletter");
}
