import { useEffect, useRef } from "react";
import type { ReactNode } from "react";
import {
  data,
  Link,
  redirect,
  useFetcher,
  useLocation,
  useRevalidator,
} from "react-router";
import type { FetcherWithComponents } from "react-router";
import { z } from "zod";

import type { Route } from "./+types/media";
import {
  buttonClass,
  cardClass,
  textLinkClass,
} from "~/components/page/styles";
import { PageLinks } from "~/components/page/page-links";
import { parseForm, readForm } from "~/lib/form.server";
import { pageHref } from "~/lib/page-href";
import { pageFromUrl } from "~/lib/pagination";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { ALT_MAX_LENGTH, formatBytes } from "~/studio/media/limits";
import {
  deleteMedia,
  findMediaUses,
  listMediaPage,
  updateMediaAlt,
} from "~/studio/media/media.server";
import type { MediaItem } from "~/studio/media/media.server";
import { MediaUploader } from "~/studio/media/media-uploader";
import { receiveUpload } from "~/studio/media/upload.server";
import { Moment } from "~/studio/moment";

export async function loader(args: Route.LoaderArgs) {
  const { db } = await requireStudioOwner(args);
  const url = new URL(args.request.url);
  const page = pageFromUrl(url);
  if (page === null) throw data(null, { status: 404 });
  const list = await listMediaPage(db, page);
  // A page emptied by deletions shows the last page instead.
  if (page > list.pageCount) {
    throw redirect(pageHref(url.pathname, list.pageCount));
  }
  return data({
    items: list.items,
    pages: { page, pageCount: list.pageCount },
  });
}

const mediaFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("alt"),
    id: z.uuid(),
    alt: z
      .string()
      .trim()
      .max(
        ALT_MAX_LENGTH,
        `Alt text can be at most ${ALT_MAX_LENGTH} characters.`,
      ),
  }),
  z.object({
    intent: z.literal("delete"),
    id: z.uuid(),
    // The first Delete asks; only the second, confirmed one deletes.
    confirm: z.literal("yes").optional(),
  }),
]);

/** What an action tells the screen: which image, and a sentence for the owner. */
export interface MediaActionResult {
  intent: "upload" | "alt" | "delete";
  id?: string;
  ok: boolean;
  message: string;
  /** The image is unused and the owner is asked to confirm its deletion. */
  confirm?: boolean;
}

function answer(result: MediaActionResult, status = result.ok ? 200 : 400) {
  return data(result, { status });
}

export async function action(args: Route.ActionArgs) {
  const { db, logger, owner } = await requireStudioOwner(args);
  const form = await readForm(args.request);
  if (form.get("intent") === "upload") {
    // The library's form without JavaScript (with it, uploads go to /studio/media/upload).
    const { result, status } = await receiveUpload(
      db,
      logger,
      form,
      owner.name,
    );
    return answer(
      result.ok
        ? {
            intent: "upload",
            id: result.image.id,
            ok: true,
            message: `${result.image.filename} was uploaded.`,
          }
        : { intent: "upload", ok: false, message: result.message },
      status,
    );
  }
  const parsed = parseForm(form, mediaFormSchema);
  if (!parsed.ok) {
    return answer({ intent: "alt", ok: false, message: parsed.message });
  }
  const input = parsed.data;
  if (input.intent === "alt") {
    const updated = await updateMediaAlt(db, input.id, input.alt);
    return answer(
      updated
        ? { intent: "alt", id: input.id, ok: true, message: "Alt text saved." }
        : {
            intent: "alt",
            id: input.id,
            ok: false,
            message: "This image is no longer in the library.",
          },
      updated ? 200 : 404,
    );
  }
  if (!input.confirm) {
    const found = await findMediaUses(db, input.id);
    if (found && found.usedIn.length === 0) {
      return answer({
        intent: "delete",
        id: input.id,
        ok: true,
        confirm: true,
        message: `Delete ${found.filename} for good? No post uses it; this cannot be undone.`,
      });
    }
  }
  const deleted = await deleteMedia(db, input.id, owner.name);
  switch (deleted.status) {
    case "deleted":
      logger.info("image deleted", { id: input.id });
      return answer({
        intent: "delete",
        id: input.id,
        ok: true,
        message: `${deleted.filename} was deleted.`,
      });
    case "missing":
      return answer(
        {
          intent: "delete",
          id: input.id,
          ok: false,
          message: "This image is no longer in the library.",
        },
        404,
      );
    case "in-use":
      return answer(
        {
          intent: "delete",
          id: input.id,
          ok: false,
          message: `${deleted.filename} is still used in ${deleted.usedIn
            .map((use) => `“${use.title}”${use.note ? ` (${use.note})` : ""}`)
            .join(", ")}. Remove it there first; nothing was deleted.`,
        },
        409,
      );
  }
}

export default function StudioMedia({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  return (
    <>
      <h1 className="font-serif text-3xl font-bold text-white">Media</h1>
      <p className="mt-2 max-w-2xl text-slate-300">
        Photos for posts. Each upload is stored in several sizes and formats, so
        visitors download only what their screen needs.
      </p>
      <MediaSection id="upload-heading" title="Upload">
        <MediaUploader onUploaded={() => void revalidator.revalidate()} />
        {actionData?.intent === "upload" ? (
          <ActionMessage result={actionData} />
        ) : null}
      </MediaSection>
      <MediaSection id="library-heading" title="Library">
        {loaderData.items.length === 0 ? (
          <p className="text-slate-300">No images yet. Upload one above.</p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
            {loaderData.items.map((item) => (
              <MediaCard
                key={item.id}
                item={item}
                // Without JavaScript the card's forms answer through the page's action.
                answered={actionData?.id === item.id ? actionData : undefined}
              />
            ))}
          </ul>
        )}
        <PageLinks pathname={pathname} info={loaderData.pages} label="Images" />
      </MediaSection>
    </>
  );
}

function MediaSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="font-serif text-xl font-semibold text-white">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function MediaCard({
  item,
  answered,
}: {
  item: MediaItem;
  answered: MediaActionResult | undefined;
}) {
  const altFetcher = useFetcher<MediaActionResult>({ key: `alt-${item.id}` });
  const deleteFetcher = useFetcher<MediaActionResult>({
    key: `delete-${item.id}`,
  });
  const altResult =
    altFetcher.data ?? (answered?.intent === "alt" ? answered : undefined);
  const deleteResult =
    deleteFetcher.data ??
    (answered?.intent === "delete" ? answered : undefined);
  const altId = `alt-${item.id}`;
  const headingId = `media-${item.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className={`flex flex-col overflow-hidden ${cardClass}`}
    >
      <img
        src={item.thumbnailUrl}
        alt={item.alt}
        width={item.width}
        height={item.height}
        loading="lazy"
        decoding="async"
        className="aspect-video w-full bg-slate-900 object-contain"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 id={headingId} className="font-semibold break-all text-white">
          {item.filename}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-400">Size</dt>
          <dd className="text-slate-200">
            {item.width} × {item.height} px
          </dd>
          <dt className="text-slate-400">Stored</dt>
          <dd className="text-slate-200">
            {formatBytes(item.storedBytes)} in 3 formats (upload{" "}
            {formatBytes(item.originalBytes)})
          </dd>
          <dt className="text-slate-400">Uploaded</dt>
          <dd className="text-slate-200">
            <Moment iso={item.createdAt} />
          </dd>
          <dt className="text-slate-400">Used in</dt>
          <dd className="text-slate-200">
            {item.usedIn.length === 0 ? (
              "Not used in any post"
            ) : (
              <ul>
                {item.usedIn.map((use) => (
                  <li key={use.href}>
                    <Link to={use.href} className={textLinkClass}>
                      {use.title}
                    </Link>
                    {use.note ? (
                      <span className="text-slate-400"> ({use.note})</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
        <altFetcher.Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="alt" />
          <input type="hidden" name="id" value={item.id} />
          <label htmlFor={altId} className="text-sm text-slate-300">
            Alt text (describes the photo for people who cannot see it)
          </label>
          <div className="flex gap-2">
            <input
              id={altId}
              name="alt"
              defaultValue={item.alt}
              maxLength={ALT_MAX_LENGTH}
              className="min-w-0 flex-1 rounded-lg border border-white/20 bg-slate-900 px-3 py-2 text-sm text-white placeholder:text-slate-500"
            />
            <button
              type="submit"
              className={buttonClass("secondary", "sm")}
              aria-label={`Save alt text for ${item.filename}`}
            >
              Save
            </button>
          </div>
          <ActionMessage result={altResult} />
        </altFetcher.Form>
        <div className="mt-auto">
          {deleteResult?.confirm ? (
            <DeleteConfirmation
              item={item}
              question={deleteResult.message}
              fetcher={deleteFetcher}
            />
          ) : (
            <deleteFetcher.Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={item.id} />
              <button
                type="submit"
                className={buttonClass("danger", "sm")}
                aria-label={`Delete ${item.filename}`}
              >
                Delete
              </button>
              <ActionMessage result={deleteResult} />
            </deleteFetcher.Form>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * The second step of deleting an unused image, in the card itself: a
 * question and two buttons, with the focus on the question's answer. Without
 * JavaScript the same forms post to the page.
 */
function DeleteConfirmation({
  item,
  question,
  fetcher,
}: {
  item: MediaItem;
  question: string;
  fetcher: FetcherWithComponents<MediaActionResult>;
}) {
  const questionId = `delete-question-${item.id}`;
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmButton.current?.focus(), []);
  return (
    <div
      role="group"
      aria-labelledby={questionId}
      className="rounded-xl border border-rose-400/40 bg-rose-500/10 p-3"
    >
      <p id={questionId} role="alert" className="text-sm text-rose-100">
        {question}
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={item.id} />
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            ref={confirmButton}
            type="submit"
            name="confirm"
            value="yes"
            className={buttonClass("danger", "sm")}
            aria-label={`Delete ${item.filename} for good`}
          >
            Delete for good
          </button>
          <Link
            to="/studio/media"
            // With JavaScript, the card goes back to its Delete button without a page load.
            onClick={(event) => {
              event.preventDefault();
              fetcher.reset();
            }}
            className={buttonClass("secondary", "sm")}
          >
            Keep it
          </Link>
        </div>
      </fetcher.Form>
    </div>
  );
}

/** What the last action on this part of the screen did. */
function ActionMessage({ result }: { result: MediaActionResult | undefined }) {
  if (!result) return null;
  return (
    <p
      role={result.ok ? "status" : "alert"}
      className={`mt-2 text-sm ${result.ok ? "text-emerald-300" : "text-rose-300"}`}
    >
      {result.message}
    </p>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Media");
}
