// The editor's search and sharing fields (docs/decisions/043): a search
// title and description with their length guidance, a social image from the
// media library, a canonical address, and live previews of the post as a
// search result and as a shared card. The previews run the rule the public
// page runs (app/lib/post-search.ts); the card shown is the one the server
// draws for the working copy, or the chosen image.
import { useState } from "react";
import type { ReactNode } from "react";

import type {
  PostSearchFields,
  StudioPost,
} from "~database/post-lifecycle/model";
import { buttonClass } from "~/components/page/styles";
import {
  postSearchView,
  SEARCH_DESCRIPTION_GUIDE,
  SEARCH_TITLE_GUIDE,
} from "~/lib/post-search";
import type { PostSearchView } from "~/lib/post-search";
import { useSiteSettings, useSiteUrl } from "~/lib/root-data";

import { NEW_POST_ID } from "./blank-post";
import { MediaPickerDialog } from "./media/media-picker-dialog";
import { TextField } from "./post-fields";
import { postInputSchema } from "./post-schema";
import type { PostInput } from "./post-schema";
import { hintClass } from "./ui";

/** "48 characters; search results show about 60." and what an empty field stands for. */
function lengthHint(value: string, guide: number, fallback: string): string {
  const length = value.trim().length;
  if (length === 0)
    return `Empty: ${fallback}. Search results show about ${guide} characters.`;
  return `${length} characters; search results show about ${guide}${length > guide ? ", so the end may be cut" : ""}.`;
}

/** What an address field would store, or null while the schema refuses it. */
function stored(
  field: "image" | "socialImage" | "canonicalUrl",
  value: string | null | undefined,
): string | null {
  const parsed = postInputSchema.shape[field].safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Text cut where a search result would cut it. */
function cut(text: string, guide: number): string {
  return text.length > guide ? `${text.slice(0, guide - 1).trimEnd()}…` : text;
}

export function PostSearchFields({
  post,
  form,
  errors,
  onChange,
}: {
  /** The post as last saved: whose drawn card the preview shows. */
  post: StudioPost;
  form: PostInput;
  errors: Record<string, string>;
  onChange(changes: Partial<PostInput>): void;
}) {
  const [picking, setPicking] = useState(false);
  const { productName } = useSiteSettings();
  const siteUrl = useSiteUrl();
  // The previews show what a save would store: an address the schema
  // refuses (still being typed) stands for nothing yet.
  const view = postSearchView(
    {
      ...form,
      image: stored("image", form.image),
      socialImage: stored("socialImage", form.socialImage),
      canonicalUrl: stored("canonicalUrl", form.canonicalUrl),
    },
    { siteUrl, productName },
  );
  /** One of the four fields: its text, its error, and a hint that may follow the text. */
  const field = (
    name: keyof PostSearchFields,
    label: string,
    hint: (value: string) => string,
    multiline = false,
  ) => {
    const value = form[name] ?? "";
    return (
      <TextField
        label={label}
        value={value}
        error={errors[name]}
        hint={hint(value)}
        onChange={(next) => onChange({ [name]: next })}
        multiline={multiline}
      />
    );
  };
  return (
    <fieldset className="space-y-4 rounded-xl border border-white/10 bg-white/[0.03] p-4">
      <legend className="px-1 font-semibold text-white">
        Search and sharing
      </legend>
      <p className={hintClass}>
        Optional: how the post shows in search results and when someone shares
        it. Empty fields use its title, excerpt and picture.
      </p>
      {field("searchTitle", "Search title", (value) =>
        lengthHint(value, SEARCH_TITLE_GUIDE, `“${view.documentTitle}”`),
      )}
      {field(
        "searchDescription",
        "Search description",
        (value) => lengthHint(value, SEARCH_DESCRIPTION_GUIDE, "the excerpt"),
        true,
      )}
      {field(
        "socialImage",
        "Social image address",
        () =>
          "The picture of a shared card: an image on this site (/…) or https://…. Empty: the hero image, or the card the site draws.",
      )}
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setPicking(true)}
        className={`${buttonClass("secondary", "sm")} w-full sm:w-auto`}
      >
        Choose or upload a social image
      </button>
      {field(
        "canonicalUrl",
        "Canonical address",
        () =>
          `Only for a post first published elsewhere: its address there (https://…). Empty: ${view.url}.`,
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <SearchResultPreview view={view} />
        <SharedCardPreview
          view={view}
          drawnCard={
            post.id === NEW_POST_ID
              ? null
              : `/studio/posts/${post.id}/social-card.png?version=${post.version}`
          }
        />
      </div>
      <MediaPickerDialog
        open={picking}
        title="Social image"
        describe={false}
        submitLabel="Use as social image"
        onClose={() => setPicking(false)}
        onPick={(image) => onChange({ socialImage: image.url })}
      />
    </fieldset>
  );
}

/** The address as a search result prints it: host and path, no scheme. */
function shownAddress(url: string): string {
  return url.replace(/^https?:\/\//, "").replace(/\/$/, "");
}

/** One of the previews, under its caption. */
function Preview({
  caption,
  children,
}: {
  caption: string;
  children: ReactNode;
}) {
  return (
    <figure className="min-w-0">
      <figcaption className="text-sm font-medium text-slate-200">
        {caption}
      </figcaption>
      {children}
    </figure>
  );
}

function SearchResultPreview({ view }: { view: PostSearchView }) {
  return (
    <Preview caption="As a search result">
      <div className="mt-1.5 rounded-lg bg-white p-4 font-sans">
        <p className="truncate text-xs text-slate-600">
          {shownAddress(view.canonical)}
        </p>
        <p className="mt-1 text-lg leading-snug text-blue-800">
          {cut(view.documentTitle, SEARCH_TITLE_GUIDE)}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {cut(view.description, SEARCH_DESCRIPTION_GUIDE)}
        </p>
      </div>
    </Preview>
  );
}

function SharedCardPreview({
  view,
  drawnCard,
}: {
  view: PostSearchView;
  /** The studio's address of the card drawn for the saved working copy; null before the first save. */
  drawnCard: string | null;
}) {
  const image = view.drawnCard ? drawnCard : view.image;
  return (
    <Preview caption="As a shared card">
      <div className="mt-1.5 overflow-hidden rounded-lg border border-white/15 bg-slate-900">
        {image ? (
          <img
            src={image}
            alt={
              view.drawnCard
                ? "The card the site draws for this post (as last saved)"
                : "The post's picture for shared cards"
            }
            className="aspect-[1200/630] w-full object-cover"
          />
        ) : (
          <p className="flex aspect-[1200/630] items-center justify-center p-4 text-center text-sm text-slate-400">
            The site draws this post's card once it is saved.
          </p>
        )}
        <div className="space-y-1 border-t border-white/10 p-3">
          <p className="truncate text-xs text-slate-400 uppercase">
            {shownAddress(view.canonical).split("/")[0]}
          </p>
          <p className="font-semibold text-white">{view.documentTitle}</p>
          <p className="line-clamp-2 text-sm text-slate-300">
            {view.description}
          </p>
        </div>
      </div>
    </Preview>
  );
}
