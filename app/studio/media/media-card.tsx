// One image in the studio's media library: its sizes, where it is used, its
// alt text form, and the two-step delete.
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import type { FetcherWithComponents } from "react-router";

import {
  buttonClass,
  cardClass,
  textLinkClass,
} from "~/components/page/styles";
import { Moment } from "~/studio/moment";

import { ActionMessage } from "./action-message";
import type { MediaActionResult } from "./action-message";
import { ALT_MAX_LENGTH, formatBytes } from "./limits";
import type { MediaItem } from "./media.server";

export function MediaCard({
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
