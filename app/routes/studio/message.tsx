import { data, Form, Link, redirect, useNavigation } from "react-router";

import type { Route } from "./+types/message";
import {
  buttonClass,
  cardClass,
  textLinkClass,
} from "~/components/page/styles";
import { useNotice } from "~/studio/notice";
import { changeMessage, openMessage, retryMail } from "~/data/inbox.server";
import { readForm } from "~/lib/form.server";
import { Icon } from "~/lib/icons";
import { useSiteSettings } from "~/lib/root-data";
import { requireStudioOwner } from "~/studio/gate.server";
import { DeliveryBadge, DeliveryDetails } from "~/studio/mail-delivery";
import {
  messageActionSchema,
  messageIdSchema,
  replyHref,
} from "~/studio/message-schema";
import type { MessageAction } from "~/studio/message-schema";
import { studioMeta } from "~/studio/meta";
import { doneNotice, refusedNotice } from "~/studio/notice";
import { Moment } from "~/studio/moment";
import { headingClass } from "~/studio/ui";

function notFound(): never {
  throw data({ message: "This message does not exist." }, { status: 404 });
}

export async function loader(args: Route.LoaderArgs) {
  const { db } = await requireStudioOwner(args);
  const id = messageIdSchema.safeParse(args.params.id);
  // Opening a message is reading it: it is marked read here.
  const message = id.success ? await openMessage(db, id.data) : null;
  if (!message) notFound();
  return data({ message });
}

const done: Record<Exclude<MessageAction, "retry">, string> = {
  unread: "Marked unread",
  archive: "Archived",
  unarchive: "Moved back to the inbox",
  trash: "Moved to trash",
  restore: "Restored",
};

export async function action(args: Route.ActionArgs) {
  const { db, owner, mail } = await requireStudioOwner(args);
  const form = messageActionSchema.safeParse(
    Object.fromEntries(await readForm(args.request)),
  );
  const id = messageIdSchema.safeParse(args.params.id);
  if (!form.success) {
    return refusedNotice(
      "Not done",
      "The request did not say what to do.",
      400,
    );
  }
  if (!id.success) notFound();
  const context = { actor: owner.name };
  const { intent } = form.data;
  if (intent === "retry") {
    const result = await retryMail(db, id.data, context);
    if (result === "missing") notFound();
    if (result === "not-failing") {
      return refusedNotice(
        "Not retried",
        "This mail is not failing: it was sent, or it is being sent right now.",
        409,
      );
    }
    mail.nudge();
    return doneNotice("Retrying now", "The mail is being sent again.");
  }
  const changed = await changeMessage(db, id.data, intent, context);
  if (!changed) notFound();
  const title = done[intent];
  // Unread and deleted messages are left, not shown again (showing one marks it read).
  if (intent === "unread" || intent === "trash") {
    const where = intent === "trash" ? "?folder=trash" : "";
    throw redirect(`/studio/messages${where}`);
  }
  return doneNotice(title, `The message from ${changed.name}.`);
}

export default function StudioMessage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { message } = loaderData;
  const { productName } = useSiteSettings();
  useNotice(actionData?.notice);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const actionButton = (
    intent: MessageAction,
    label: string,
    variant: "primary" | "secondary" = "secondary",
  ) => (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={busy}
      className={buttonClass(variant, "sm")}
    >
      {label}
    </button>
  );
  const back =
    message.folder === "inbox"
      ? "/studio/messages"
      : `/studio/messages?folder=${message.folder}`;
  return (
    <>
      <p>
        <Link to={back} className={textLinkClass}>
          <Icon
            name="ArrowLeft"
            aria-hidden="true"
            className="inline h-4 w-4"
          />{" "}
          Back to{" "}
          {message.folder === "inbox"
            ? "the inbox"
            : message.folder === "archived"
              ? "the archive"
              : "the trash"}
        </Link>
      </p>
      <h1 className={`${headingClass} mt-4`}>Message from {message.name}</h1>
      <p className="mt-2 text-slate-300">
        <a href={`mailto:${message.email}`} className={textLinkClass}>
          {message.email}
        </a>{" "}
        · <Moment iso={message.createdAt} />
        {message.folder === "archived" ? " · Archived" : ""}
        {message.folder === "trash" ? " · In trash" : ""}
      </p>

      <div className="mt-6 flex flex-wrap gap-3">
        <a
          href={replyHref(message, productName)}
          className={buttonClass("primary", "sm")}
        >
          <Icon name="Send" aria-hidden="true" className="h-4 w-4" />
          Reply
        </a>
        <Form method="post" className="flex flex-wrap gap-3">
          {message.folder === "trash" ? (
            actionButton("restore", "Restore")
          ) : (
            <>
              {actionButton("unread", "Mark unread")}
              {message.folder === "archived"
                ? actionButton("unarchive", "Move to inbox")
                : actionButton("archive", "Archive")}
              {actionButton("trash", "Delete")}
            </>
          )}
        </Form>
      </div>

      <section
        aria-label="Message"
        className={`${cardClass} mt-6 p-5 whitespace-pre-wrap break-words text-slate-100`}
      >
        {message.message}
      </section>

      <section
        aria-labelledby="delivery-heading"
        className={`${cardClass} mt-6 p-5 text-sm text-slate-300`}
      >
        <h2
          id="delivery-heading"
          className="flex flex-wrap items-center gap-3 text-lg font-semibold text-white"
        >
          Notification mail <DeliveryBadge delivery={message.delivery} />
        </h2>
        <div className="mt-2">
          <DeliveryDetails delivery={message.delivery} />
        </div>
        {message.delivery.state === "failing" ? (
          <Form method="post" className="mt-4">
            {actionButton("retry", "Retry now", "primary")}
          </Form>
        ) : null}
      </section>
    </>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return studioMeta(
    { matches },
    loaderData ? `Message from ${loaderData.message.name}` : "Message",
  );
}
