// Two tabs, one post: the owner's unsaved version beside the one saved
// elsewhere. Nothing is overwritten until the owner chooses.
import { useEffect, useRef } from "react";

import { POST_FIELD_NAMES, POST_FIELDS } from "~database/post-lifecycle/fields";
import type { StudioPost } from "~database/post-lifecycle/model";
import { buttonClass, cardClass } from "~/components/page/styles";

import { Moment } from "./moment";
import type { PostInput } from "./post-schema";
import { headingClass } from "./ui";

/**
 * Character references read back into characters by the browser's own
 * parser: the conflict screen only ever shows in the editor, after a save
 * the server refused, and a full entity table would weigh on the editor's
 * first load.
 */
function decodeReferences(text: string): string {
  return (
    new DOMParser().parseFromString(text, "text/html").documentElement
      .textContent ?? ""
  );
}

/** The body as words, for reading the two versions side by side. */
function plainText(html: string): string {
  return decodeReferences(
    html
      .replace(/<\/(p|h2|h3|li|blockquote|pre)>/g, "\n")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\u00a0/g, " ")
    .trim();
}

/** The short fields, side by side; the body follows as words. */
const ROWS = POST_FIELD_NAMES.filter((name) => POST_FIELDS[name].conflictRow);

export function ConflictScreen({
  mine,
  theirs,
  onKeepMine,
  onUseTheirs,
}: {
  mine: PostInput;
  theirs: StudioPost;
  onKeepMine(): void;
  onUseTheirs(): void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="conflict-heading" className="space-y-6">
      <div
        role="alert"
        className="rounded-xl border border-amber-300/50 bg-amber-300/10 p-4"
      >
        <h2
          id="conflict-heading"
          ref={heading}
          tabIndex={-1}
          className={`${headingClass} text-2xl focus:outline-none`}
        >
          This post was changed somewhere else
        </h2>
        <p className="mt-2 text-slate-200">
          Another tab or window saved this post (at{" "}
          <Moment iso={theirs.updatedAt} />) after you started editing. Nothing
          has been overwritten. Compare the two versions and choose one.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Version heading="Your version (not saved)" fields={mine} />
        <Version
          heading="The saved version"
          fields={{ ...theirs, image: theirs.image ?? "" }}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={onKeepMine}
          className={buttonClass("primary", "md")}
        >
          Keep my version
        </button>
        <button
          type="button"
          onClick={onUseTheirs}
          className={buttonClass("secondary", "md")}
        >
          Use the saved version
        </button>
      </div>
    </section>
  );
}

function Version({
  heading,
  fields,
}: {
  heading: string;
  fields: Pick<PostInput, "content"> & Partial<Record<string, unknown>>;
}) {
  return (
    <article className={`${cardClass} p-4`}>
      <h3 className="font-semibold text-white">{heading}</h3>
      <dl className="mt-3 space-y-2 text-sm">
        {ROWS.map((key) => (
          <div key={key}>
            <dt className="text-slate-400">{POST_FIELDS[key].label}</dt>
            <dd className="text-slate-100">
              {(fields[key] as string | null | undefined) || "—"}
            </dd>
          </div>
        ))}
        <div>
          <dt className="text-slate-400">{POST_FIELDS.content.label}</dt>
          <dd className="whitespace-pre-line text-slate-100">
            {plainText(fields.content) || "—"}
          </dd>
        </div>
      </dl>
    </article>
  );
}
