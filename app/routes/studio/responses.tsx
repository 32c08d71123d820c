// The social web's replies (decision 061): each waits here until the owner
// approves it (it then shows under its post) or hides it; blocking its
// author's account or whole server drops what is kept of them and keeps
// anything more from arriving.
import { Form, useNavigation } from "react-router";

import type { Route } from "./+types/responses";
import { cardClass } from "~/components/page/styles";
import { buttonClass } from "~/components/page/styles";
import {
  changeResponse,
  listStudioResponses,
  responseActionSchema,
} from "~/data/fediverse-responses.server";
import type { ResponseAction } from "~/data/fediverse-responses.server";
import { readForm } from "~/lib/form.server";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { Moment } from "~/studio/moment";
import { doneNotice, refusedNotice, useNotice } from "~/studio/notice";
import { headingClass } from "~/studio/ui";

export async function loader(args: Route.LoaderArgs) {
  const { db, settings } = await requireStudioOwner(args);
  return {
    on: settings.socialWeb === "on",
    responses: await listStudioResponses(db),
  };
}

const done: Record<ResponseAction, string> = {
  approve: "Approved: it shows under its post",
  hide: "Hidden",
  "block-account": "Account blocked",
  "block-server": "Server blocked",
};

export async function action(args: Route.ActionArgs) {
  const { db } = await requireStudioOwner(args);
  const form = responseActionSchema.safeParse(
    Object.fromEntries(await readForm(args.request)),
  );
  if (!form.success)
    return refusedNotice(
      "Not done",
      form.error.issues[0]?.message ?? "The request did not say what to do.",
      400,
    );
  const who = await changeResponse(db, form.data);
  if (!who)
    return refusedNotice(
      "Not done",
      "That reply is gone: its author deleted it, or it was blocked.",
      404,
    );
  return doneNotice(done[form.data.intent], who);
}

const statusLabel = {
  pending: "Waiting",
  approved: "Shown under the post",
  hidden: "Hidden",
} as const;

export default function StudioResponses({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { on, responses } = loaderData;
  useNotice(actionData?.notice);
  const busy = useNavigation().state !== "idle";
  const button = (id: string, intent: ResponseAction, label: string) => (
    <Form method="post" className="inline">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        className={buttonClass(
          intent === "approve" ? "primary" : "secondary",
          "sm",
        )}
      >
        {label}
      </button>
    </Form>
  );
  return (
    <>
      <h1 className={headingClass}>Responses</h1>
      <p className="mt-2 max-w-2xl text-slate-300">
        Replies to your posts from the fediverse. Each waits here until you
        approve it; approved replies show under their post, with a link to the
        original.
        {on ? "" : " The social web is off (Settings): nothing new arrives."}
      </p>
      {responses.length === 0 ? (
        <p className="mt-6 text-slate-300">No replies yet.</p>
      ) : (
        <ol aria-label="Replies" className="mt-6 space-y-3">
          {responses.map((response) => (
            <li key={response.id} className={`${cardClass} p-4`}>
              <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="font-medium text-white">
                  {response.actorName ?? response.actorHandle}{" "}
                  <span className="font-normal text-slate-400">
                    {response.actorHandle}
                  </span>
                </span>
                <span className="text-slate-400">
                  {statusLabel[response.status]} ·{" "}
                  <Moment iso={response.createdAt} />
                </span>
              </p>
              <p className="mt-1 text-sm text-slate-400">
                On{" "}
                <a href={`/post/${response.postSlug}`} className="underline">
                  {response.postTitle}
                </a>
                {response.url ? (
                  <>
                    {" "}
                    ·{" "}
                    <a
                      href={response.url}
                      rel="noopener nofollow"
                      className="underline"
                    >
                      the original
                    </a>
                  </>
                ) : null}
              </p>
              <div
                className="prose prose-invert mt-2 max-w-none text-slate-200"
                // Sanitised when it arrived (server/fediverse/responses.ts).
                dangerouslySetInnerHTML={{ __html: response.contentHtml }}
              />
              <div className="mt-3 flex flex-wrap gap-2">
                {response.status !== "approved"
                  ? button(response.id, "approve", "Approve")
                  : null}
                {response.status !== "hidden"
                  ? button(response.id, "hide", "Hide")
                  : null}
                {button(response.id, "block-account", "Block account")}
                {button(response.id, "block-server", "Block server")}
              </div>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Responses");
}
