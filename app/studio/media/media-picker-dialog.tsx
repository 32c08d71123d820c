import { useId } from "react";

import { Modal } from "~/components/ui/modal";

import { MediaPicker } from "./media-picker";
import type { PickedImage } from "./media-picker";

/**
 * The media picker in a modal dialog, for the post editor's body and hero
 * image. The picker holds the uploader's own <form>, so the dialog must not
 * be rendered inside another form.
 */
export function MediaPickerDialog({
  open,
  title,
  onClose,
  onPick,
  describe = true,
  submitLabel,
}: {
  open: boolean;
  title: string;
  onClose(): void;
  onPick(image: PickedImage): void;
  describe?: boolean;
  submitLabel?: string;
}) {
  const titleId = useId();
  return (
    <Modal
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      className="max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-2xl border border-white/10 bg-slate-900 p-6 text-white shadow-xl backdrop:bg-slate-950/80 backdrop:backdrop-blur-sm"
    >
      <h2 id={titleId} className="mb-4 font-serif text-xl font-semibold">
        {title}
      </h2>
      {/* A fresh picker (no stale choice or alt text) each time it opens. */}
      {open ? (
        <MediaPicker
          describe={describe}
          {...(submitLabel ? { submitLabel } : {})}
          onCancel={onClose}
          onPick={(image) => {
            onPick(image);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}
