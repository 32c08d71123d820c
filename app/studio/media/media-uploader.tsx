import { useId, useState } from "react";
import type { DragEvent, FormEvent } from "react";

import { buttonClass } from "~/components/page/styles";

import { ACCEPTED_IMAGE_TYPES, formatBytes, MEDIA_MAX_BYTES } from "./limits";
import { uploadImage, UploadImageError } from "./upload-image";
import type { UploadedImage } from "./upload-image";

type UploadState =
  | { status: "sending"; fraction: number }
  | { status: "processing" }
  | { status: "done"; image: UploadedImage }
  | { status: "failed"; message: string };

interface UploadEntry {
  key: string;
  name: string;
  state: UploadState;
}

function describe(state: UploadState): string {
  switch (state.status) {
    case "sending":
      return `Uploading, ${Math.round(state.fraction * 100)}%`;
    case "processing":
      return "Making the image's sizes…";
    case "done":
      return state.image.created
        ? "Uploaded"
        : "Already in the library: the stored image is used";
    case "failed":
      return state.message;
  }
}

/**
 * Images in by file picker or drag and drop, each with its progress. Without
 * JavaScript the same form posts the chosen file to the library's action.
 */
export function MediaUploader({
  onUploaded,
  multiple = true,
}: {
  /** Called once per stored image. */
  onUploaded?: (image: UploadedImage) => void;
  multiple?: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [dragging, setDragging] = useState(false);

  function update(key: string, state: UploadState) {
    setEntries((current) =>
      current.map((entry) => (entry.key === key ? { ...entry, state } : entry)),
    );
  }

  function start(files: File[]) {
    const chosen = multiple ? files : files.slice(0, 1);
    const added = chosen.map((file) => ({
      key: `${Date.now()}-${Math.random()}`,
      name: file.name,
      file,
    }));
    setEntries((current) => [
      ...added.map(({ key, name }) => ({
        key,
        name,
        state: { status: "sending", fraction: 0 } as UploadState,
      })),
      ...current,
    ]);
    for (const { key, file } of added) {
      uploadImage(file, {
        onProgress: (fraction) =>
          update(
            key,
            fraction < 1
              ? { status: "sending", fraction }
              : { status: "processing" },
          ),
      }).then(
        (image) => {
          update(key, { status: "done", image });
          onUploaded?.(image);
        },
        (error: unknown) =>
          update(key, {
            status: "failed",
            message:
              error instanceof UploadImageError
                ? error.message
                : "The upload did not finish. Please try again.",
          }),
      );
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("file");
    if (input instanceof HTMLInputElement && input.files?.length) {
      start([...input.files]);
      input.value = "";
    }
  }

  function onDrop(event: DragEvent<HTMLFormElement>) {
    event.preventDefault();
    setDragging(false);
    const files = [...event.dataTransfer.files];
    if (files.length) start(files);
  }

  return (
    <div>
      <form
        method="post"
        action="/studio/media"
        encType="multipart/form-data"
        onSubmit={onSubmit}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-4 rounded-2xl border-2 border-dashed px-6 py-8 text-center transition-colors ${
          dragging
            ? "border-emerald-400 bg-emerald-500/10"
            : "border-white/20 bg-white/5"
        }`}
      >
        <input type="hidden" name="intent" value="upload" />
        <p className="text-slate-200">
          Drag photos here, or choose them from this device.
        </p>
        <div className="flex flex-wrap items-center justify-center gap-3">
          <label htmlFor={inputId} className="sr-only">
            Choose images
          </label>
          <input
            id={inputId}
            type="file"
            name="file"
            accept={ACCEPTED_IMAGE_TYPES.join(",")}
            multiple={multiple}
            aria-describedby={hintId}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              if (files.length) {
                start(files);
                event.currentTarget.value = "";
              }
            }}
            className="max-w-full text-sm text-slate-300 file:mr-3 file:rounded-full file:border-0 file:bg-emerald-500 file:px-4 file:py-2 file:font-semibold file:text-slate-950 hover:file:bg-emerald-400"
          />
          <button type="submit" className={buttonClass("secondary", "sm")}>
            Upload
          </button>
        </div>
        <p id={hintId} className="text-sm text-slate-400">
          JPEG, PNG, WebP or AVIF, up to {formatBytes(MEDIA_MAX_BYTES)}.
          Location and camera details are removed.
        </p>
      </form>
      <ul aria-label="Uploads" aria-live="polite" className="mt-4 space-y-3">
        {entries.map((entry) => (
          <li
            key={entry.key}
            className="rounded-xl border border-white/10 bg-white/5 px-4 py-3"
          >
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="font-medium break-all text-white">
                {entry.name}
              </span>
              <span
                className={
                  entry.state.status === "failed"
                    ? "text-rose-300"
                    : "text-slate-300"
                }
              >
                {describe(entry.state)}
              </span>
            </div>
            {entry.state.status === "sending" ||
            entry.state.status === "processing" ? (
              <progress
                className="mt-2 h-2 w-full accent-emerald-400"
                max={1}
                value={
                  entry.state.status === "sending"
                    ? entry.state.fraction
                    : undefined
                }
                aria-label={`Uploading ${entry.name}`}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
