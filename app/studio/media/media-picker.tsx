import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";

import { buttonClass } from "~/components/page/styles";
import { responsiveImage } from "~/lib/media";

import { ALT_MAX_LENGTH } from "./limits";
import type { MediaItem } from "./media.server";
import { MediaUploader } from "./media-uploader";
import type { UploadedImage } from "./upload-result";

/** An image chosen for a post, with the alt text it must carry there. */
export type PickedImage = Pick<
  UploadedImage,
  "id" | "url" | "srcset" | "width" | "height" | "alt"
>;

/**
 * Choose an image from the library, or upload one, and describe it: an image
 * is placed in a post only with alt text. Loads the library's list itself
 * (the /studio/media loader), so it can open anywhere in the studio; render
 * it outside any other <form> (in a dialog, for instance), since it holds
 * the uploader's form.
 */
export function MediaPicker({
  onPick,
  onCancel,
  describe = true,
  submitLabel = "Insert image",
}: {
  onPick: (image: PickedImage) => void;
  onCancel?: () => void;
  /** False for a decorative place (a post's hero image): no alt text is asked. */
  describe?: boolean;
  submitLabel?: string;
}) {
  const library = useFetcher<{ items: MediaItem[] }>();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [alt, setAlt] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const altId = useId();
  const problemId = useId();

  useEffect(() => {
    if (library.state === "idle" && !library.data) {
      void library.load("/studio/media");
    }
  }, [library]);

  const items = library.data?.items ?? [];
  const selected = items.find((item) => item.id === selectedId) ?? null;

  function select(item: { id: string; alt: string }) {
    setSelectedId(item.id);
    setAlt(item.alt);
    setProblem(null);
  }

  function insert() {
    if (!selected) {
      setProblem("Please choose an image first.");
      return;
    }
    const description = describe ? alt.trim() : "";
    if (describe && !description) {
      setProblem(
        "Please describe the image (alt text) before placing it in the post.",
      );
      return;
    }
    onPick({
      id: selected.id,
      url: selected.url,
      srcset: responsiveImage(selected.url)?.srcSet ?? "",
      width: selected.width,
      height: selected.height,
      alt: description,
    });
  }

  return (
    <div className="flex flex-col gap-5">
      <MediaUploader
        multiple={false}
        onUploaded={(image) => {
          void library.load("/studio/media");
          select(image);
        }}
      />
      <fieldset>
        <legend className="font-semibold text-white">
          Choose from the library
        </legend>
        {library.state === "loading" && !library.data ? (
          <p className="mt-2 text-slate-300">Loading images...</p>
        ) : items.length === 0 ? (
          <p className="mt-2 text-slate-300">
            No images yet. Upload one above.
          </p>
        ) : (
          <div className="mt-3 grid max-h-80 grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-3">
            {items.map((item) => (
              <label
                key={item.id}
                className={`flex cursor-pointer flex-col gap-1 rounded-xl border p-2 text-xs text-slate-300 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-emerald-400 ${
                  item.id === selectedId
                    ? "border-emerald-400 bg-emerald-500/10"
                    : "border-white/10"
                }`}
              >
                <input
                  type="radio"
                  name="media-picker"
                  value={item.id}
                  checked={item.id === selectedId}
                  onChange={() => select(item)}
                  className="sr-only"
                />
                <img
                  src={item.thumbnailUrl}
                  alt=""
                  width={item.width}
                  height={item.height}
                  loading="lazy"
                  className="aspect-video w-full rounded-lg bg-slate-900 object-contain"
                />
                <span className="break-all">{item.filename}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {describe ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={altId} className="text-sm font-semibold text-white">
            Alt text (required)
          </label>
          <input
            id={altId}
            value={alt}
            onChange={(event) => setAlt(event.currentTarget.value)}
            maxLength={ALT_MAX_LENGTH}
            required
            aria-describedby={problem ? problemId : undefined}
            aria-invalid={problem ? true : undefined}
            className="rounded-lg border border-white/20 bg-slate-900 px-3 py-2 text-sm text-white"
          />
        </div>
      ) : null}
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-rose-300">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={insert}
          className={buttonClass("primary", "sm")}
        >
          {submitLabel}
        </button>
        {onCancel ? (
          <button
            type="button"
            onClick={onCancel}
            className={buttonClass("secondary", "sm")}
          >
            Cancel
          </button>
        ) : null}
      </div>
    </div>
  );
}
