import { data, Link, redirect, useLocation } from "react-router";

import type { Route } from "./+types/messages";
import { cardClass } from "~/components/page/styles";
import { PageLinks } from "~/components/page/page-links";
import { countUnread, listMessagePage } from "~/data/inbox.server";
import { pageHref } from "~/lib/page-href";
import { pageFromUrl } from "~/lib/page-param";
import { requireStudioOwner } from "~/studio/gate.server";
import { DeliveryBadge } from "~/studio/mail-delivery";
import { folderSchema, INBOX_FOLDERS } from "~/studio/message-schema";
import type { InboxFolder } from "~/studio/message-schema";
import { studioMeta } from "~/studio/meta";
import { Moment } from "~/studio/moment";
import { headingClass } from "~/studio/ui";
import { TRASH_PERIOD } from "~shared/retention";

export async function loader(args: Route.LoaderArgs) {
  const { db } = await requireStudioOwner(args);
  const url = new URL(args.request.url);
  const page = pageFromUrl(url);
  if (page === null) throw data(null, { status: 404 });
  const folder = folderSchema.parse(
    url.searchParams.get("folder") ?? undefined,
  );
  const [list, unread] = await Promise.all([
    listMessagePage(db, folder, page),
    countUnread(db),
  ]);
  // A page emptied since (messages archived or deleted) shows the last page instead.
  if (page > list.pageCount) {
    throw redirect(
      pageHref(url.pathname, list.pageCount, folderParams(folder)),
    );
  }
  return data({
    folder,
    unread,
    messages: list.messages,
    pages: { page, pageCount: list.pageCount },
  });
}

/** The folder as the URL names it (the inbox is the bare path). */
function folderParams(folder: InboxFolder): Record<string, string> {
  return folder === "inbox" ? {} : { folder };
}

const folderLabels: Record<InboxFolder, string> = {
  inbox: "Inbox",
  archived: "Archived",
  trash: "Trash",
};

const emptyText: Record<InboxFolder, string> = {
  inbox: "No messages. Messages sent through the contact form appear here.",
  archived: "Nothing archived.",
  trash: `The trash is empty. Deleted messages stay here for ${TRASH_PERIOD}.`,
};

export default function StudioMessages({ loaderData }: Route.ComponentProps) {
  const { folder, unread, messages, pages } = loaderData;
  const { pathname } = useLocation();
  return (
    <>
      <h1 className={headingClass}>Messages</h1>
      <nav aria-label="Message folders" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {INBOX_FOLDERS.map((name) => (
            <li key={name}>
              <Link
                to={
                  name === "inbox"
                    ? "/studio/messages"
                    : `/studio/messages?folder=${name}`
                }
                aria-current={name === folder ? "page" : undefined}
                className={`inline-flex rounded-full border px-4 py-1.5 text-sm font-medium ${
                  name === folder
                    ? "border-emerald-400/60 bg-emerald-500/15 text-emerald-200"
                    : "border-white/15 text-slate-300 hover:text-white"
                }`}
              >
                {folderLabels[name]}
                {name === "inbox" && unread > 0 ? ` (${unread} unread)` : ""}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {folder === "trash" && messages.length > 0 ? (
        <p className="mt-4 text-sm text-slate-400">
          Messages in the trash are deleted for good {TRASH_PERIOD} after they
          were deleted.
        </p>
      ) : null}
      {messages.length === 0 ? (
        <p className="mt-6 text-slate-300">{emptyText[folder]}</p>
      ) : (
        <ol aria-label={folderLabels[folder]} className="mt-6 space-y-3">
          {messages.map((message) => (
            <li key={message.id}>
              <Link
                to={`/studio/messages/${message.id}`}
                className={`${cardClass} block p-4 hover:border-emerald-400/50 ${
                  message.unread ? "border-l-4 border-l-emerald-400" : ""
                }`}
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span
                    className={`text-white ${message.unread ? "font-bold" : "font-medium"}`}
                  >
                    {message.unread ? (
                      <span className="sr-only">Unread: </span>
                    ) : null}
                    {message.name}{" "}
                    <span className="font-normal text-slate-400">
                      &lt;{message.email}&gt;
                    </span>
                  </span>
                  <span className="flex items-center gap-2 text-sm text-slate-400">
                    <DeliveryBadge delivery={message.delivery} />
                    <Moment iso={message.createdAt} />
                  </span>
                </span>
                <span className="mt-1 block text-sm text-slate-300">
                  {message.preview}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      <PageLinks
        pathname={pathname}
        info={pages}
        label={folderLabels[folder]}
        params={folderParams(folder)}
      />
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Messages");
}
