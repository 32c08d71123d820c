import { useId } from "react";
import { data, Link } from "react-router";

import { listActivity } from "~database/activity";
import { subscriberCounts } from "~database/newsletter";
import { sendProgress } from "~database/newsletter-sends";
import type { Route } from "./+types/dashboard";
import { cardClass, textLinkClass } from "~/components/page/styles";
import { listFailingMail } from "~/data/inbox.server";
import { countPostsByState, listPostBriefs } from "~/data/studio-lists.server";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { DeliveryDetails } from "~/studio/mail-delivery";
import { Moment } from "~/studio/moment";
import { headingClass, POST_STATES, stateLabels } from "~/studio/ui";

import {
  countFediverseFollowers,
  countPendingResponses,
} from "~/data/fediverse-responses.server";

export async function loader(args: Route.LoaderArgs) {
  const { db, owner, settings } = await requireStudioOwner(args);
  const social = settings.socialWeb === "on";
  const [
    counts,
    drafts,
    scheduled,
    activity,
    failingMail,
    subscribers,
    sends,
    fediverse,
  ] = await Promise.all([
    countPostsByState(db),
    listPostBriefs(db, "draft"),
    listPostBriefs(db, "scheduled"),
    listActivity(db, 15),
    listFailingMail(db, 5),
    subscriberCounts(db),
    sendProgress(db, 1),
    social
      ? Promise.all([countFediverseFollowers(db), countPendingResponses(db)])
      : null,
  ]);
  return data({
    ownerName: owner.name,
    fediverse: fediverse
      ? { followers: fediverse[0], newResponses: fediverse[1] }
      : null,
    counts,
    drafts,
    scheduled,
    activity,
    newsletter: {
      confirmed: subscribers.confirmed,
      lastSend: sends[0] ?? null,
    },
    failingMail: failingMail.map((message) => ({
      id: message.id,
      name: message.name,
      delivery: message.delivery,
    })),
  });
}

const ACTION_LABELS: Record<string, string> = {
  create: "Created",
  save: "Saved",
  revert: "Restored a revision of",
  publish: "Published",
  update: "Updated the live post",
  schedule: "Scheduled",
  unschedule: "Cancelled the schedule of",
  "schedule-failed": "Could not publish on schedule",
  unpublish: "Unpublished",
  delete: "Moved to trash",
  restore: "Restored from trash",
  purge: "Purged from trash",
  upload: "Uploaded",
  reorder: "Moved",
  "mark-unread": "Marked unread",
  archive: "Archived",
  unarchive: "Moved back to the inbox",
  "retry-mail": "Retried the notification of",
  "change-password": "Changed the password of",
  "revoke-sessions": "Signed out the other sessions of",
  export: "Exported",
  import: "Imported",
  "update-settings": "Changed the site settings of",
  "send-newsletter": "Mailed to the list",
};

/** Where an activity entry's subject lives in the studio, when it still can be opened. */
function subjectHref(subjectType: string, subjectId: string) {
  if (subjectType === "post") return `/studio/posts/${subjectId}`;
  if (subjectType === "message") return `/studio/messages/${subjectId}`;
  if (subjectType === "settings") return "/studio/settings";
  return undefined;
}

export default function StudioDashboard({ loaderData }: Route.ComponentProps) {
  const {
    ownerName,
    counts,
    drafts,
    scheduled,
    activity,
    failingMail,
    newsletter,
    fediverse,
  } = loaderData;
  return (
    <>
      <h1 className={headingClass}>Dashboard</h1>
      <p className="mt-2 text-slate-300">Welcome back, {ownerName}.</p>

      {failingMail.length > 0 ? (
        <section
          aria-labelledby="failing-mail-heading"
          className="mt-6 rounded-2xl border border-rose-400/40 bg-rose-500/10 p-5"
        >
          <h2
            id="failing-mail-heading"
            className="text-lg font-semibold text-white"
          >
            Notification mail is failing
          </h2>
          <ul className="mt-3 space-y-3 text-sm text-slate-200">
            {failingMail.map((message) => (
              <li key={message.id}>
                <Link
                  to={`/studio/messages/${message.id}`}
                  className={textLinkClass}
                >
                  Message from {message.name}
                </Link>
                <DeliveryDetails delivery={message.delivery} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {fediverse ? (
        <p className="mt-6 text-slate-300">
          Social web: {fediverse.followers}{" "}
          {fediverse.followers === 1 ? "follower" : "followers"} ·{" "}
          <Link to="/studio/responses" className={textLinkClass}>
            {fediverse.newResponses}{" "}
            {fediverse.newResponses === 1 ? "new response" : "new responses"}
          </Link>
        </p>
      ) : null}

      <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {POST_STATES.map((state) => (
          <li key={state}>
            <Link
              to={`/studio/posts?state=${state}`}
              className={`${cardClass} block p-4 hover:border-emerald-400/50`}
            >
              <span className="block text-3xl font-bold text-white">
                {counts[state]}
              </span>
              <span className="text-sm text-slate-300">
                {stateLabels[state]}
              </span>
            </Link>
          </li>
        ))}
      </ul>

      <p className="mt-6 text-slate-300">
        <Link to="/studio/newsletter" className={textLinkClass}>
          Newsletter
        </Link>
        : {newsletter.confirmed} confirmed subscribers;{" "}
        {newsletter.lastSend
          ? `last send "${newsletter.lastSend.subject}", ${newsletter.lastSend.sent} sent, ${newsletter.lastSend.queued} queued.`
          : "no post mailed yet."}
      </p>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <PostBriefs
          heading="Drafts"
          empty="No drafts."
          posts={drafts.map((post) => ({
            ...post,
            label: "edited",
            at: post.updatedAt,
          }))}
        />
        <PostBriefs
          heading="Scheduled"
          empty="Nothing scheduled."
          posts={scheduled.map((post) => ({
            ...post,
            label: "publishes",
            at: post.scheduledAt ?? post.updatedAt,
          }))}
        />
      </div>

      <section aria-labelledby="activity-heading" className="mt-8">
        <h2 id="activity-heading" className="text-lg font-semibold text-white">
          Recent activity
        </h2>
        {activity.length === 0 ? (
          <p className="mt-3 text-sm text-slate-400">Nothing yet.</p>
        ) : (
          <ol className="mt-3 divide-y divide-white/5">
            {activity.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-wrap justify-between gap-2 py-2 text-sm"
              >
                <span className="text-slate-200">
                  {ACTION_LABELS[entry.action] ?? entry.action}{" "}
                  {subjectHref(entry.subjectType, entry.subjectId) ? (
                    <Link
                      to={subjectHref(entry.subjectType, entry.subjectId) ?? ""}
                      className="font-semibold text-white hover:underline"
                    >
                      {entry.summary}
                    </Link>
                  ) : (
                    <strong className="text-white">{entry.summary}</strong>
                  )}
                  <span className="text-slate-400"> by {entry.actor}</span>
                </span>
                <span className="text-slate-400">
                  <Moment iso={entry.createdAt} />
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/** A short list of posts with one moment each (drafts: edited; scheduled: publishes). */
function PostBriefs({
  heading,
  empty,
  posts,
}: {
  heading: string;
  empty: string;
  posts: Array<{ id: string; title: string; label: string; at: string }>;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${cardClass} p-5`}>
      <h2 id={headingId} className="text-lg font-semibold text-white">
        {heading}
      </h2>
      {posts.length === 0 ? (
        <p className="mt-3 text-sm text-slate-400">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {posts.map((post) => (
            <li key={post.id} className="text-sm">
              <Link to={`/studio/posts/${post.id}`} className={textLinkClass}>
                {post.title}
              </Link>
              <span className="text-slate-400">
                {" "}
                · {post.label} <Moment iso={post.at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Dashboard");
}
