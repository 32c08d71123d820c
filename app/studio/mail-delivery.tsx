// How a message's notification mail is doing, as the inbox, a message and
// the dashboard show it.
import type { MailDelivery } from "~/data/inbox.server";

import { Moment } from "./moment";

const badgeClasses: Record<MailDelivery["state"], string> = {
  sent: "border-emerald-400/40 bg-emerald-500/10 text-emerald-200",
  pending: "border-amber-300/50 bg-amber-300/10 text-amber-100",
  failing: "border-rose-400/40 bg-rose-500/10 text-rose-200",
  none: "border-slate-400/40 bg-slate-500/10 text-slate-200",
};

const badgeLabels: Record<MailDelivery["state"], string> = {
  sent: "Mail sent",
  pending: "Mail pending",
  failing: "Mail failing",
  none: "No mail",
};

export function DeliveryBadge({ delivery }: { delivery: MailDelivery }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${badgeClasses[delivery.state]}`}
    >
      {badgeLabels[delivery.state]}
    </span>
  );
}

/** The delivery in a sentence: when it was sent, when it is tried next, or why it fails. */
export function DeliveryDetails({ delivery }: { delivery: MailDelivery }) {
  switch (delivery.state) {
    case "sent":
      return (
        <p>
          Sent <Moment iso={delivery.sentAt} />.
        </p>
      );
    case "pending":
      return (
        <p>
          Pending: {delivery.attempts === 0 ? "first attempt" : "next attempt"}{" "}
          <Moment iso={delivery.nextAttemptAt} />.
        </p>
      );
    case "failing":
      return (
        <>
          <p>
            Failing after {delivery.attempts}{" "}
            {delivery.attempts === 1 ? "attempt" : "attempts"}; next attempt{" "}
            <Moment iso={delivery.nextAttemptAt} />.
          </p>
          <p className="mt-1 break-words text-slate-400">
            Last error: {delivery.lastError}
          </p>
        </>
      );
    case "none":
      return <p>No notification mail was queued for this message.</p>;
  }
}
