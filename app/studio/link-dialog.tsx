// The editor's link dialog: the text and the address of a link, checked
// before anything changes, and Remove for a link that is there already.
import { useId, useState } from "react";

import { buttonClass } from "~/components/page/styles";
import { Modal } from "~/components/ui/modal";

import { errorTextClass, fieldClass, hintClass, labelClass } from "./ui";

export interface LinkDraft {
  text: string;
  href: string;
  /** A link is there already (editing): Remove is offered. */
  existing: boolean;
}

/** Why an address cannot be a link in a post, or null when it can. */
export function linkAddressProblem(href: string): string | null {
  if (href === "") return "Give the link's address.";
  if (/\s/.test(href)) return "An address has no spaces.";
  if (!/^(https?:\/\/[^/]|mailto:.|\/(?!\/))/.test(href))
    return "Use an address starting with https://, http://, mailto: or / (a page on this site).";
  return null;
}

export function LinkDialog({
  draft,
  onApply,
  onRemove,
  onClose,
  restoreFocus,
}: {
  /** What the dialog opens with; null while closed. */
  draft: LinkDraft | null;
  onApply(link: { text: string; href: string }): void;
  onRemove(): void;
  onClose(): void;
  /** Puts the caret back in the editor once the dialog has closed. */
  restoreFocus(): void;
}) {
  const titleId = useId();
  return (
    <Modal
      open={draft !== null}
      onClose={onClose}
      restoreFocus={restoreFocus}
      labelledBy={titleId}
      className="w-[calc(100%-2rem)] max-w-md rounded-2xl border border-white/10 bg-slate-900 p-6 text-white shadow-xl backdrop:bg-slate-950/80 backdrop:backdrop-blur-sm"
    >
      <h2 id={titleId} className="font-serif text-xl font-semibold text-white">
        {draft?.existing ? "Edit link" : "Add a link"}
      </h2>
      {/* A fresh form (no stale error) each time the dialog opens. */}
      {draft ? (
        <LinkForm
          draft={draft}
          onApply={onApply}
          onRemove={onRemove}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function LinkForm({
  draft,
  onApply,
  onRemove,
  onClose,
}: {
  draft: LinkDraft;
  onApply(link: { text: string; href: string }): void;
  onRemove(): void;
  onClose(): void;
}) {
  const id = useId();
  const [text, setText] = useState(draft.text);
  const [href, setHref] = useState(draft.href);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    // Not a <form>: the edit screen may sit inside other forms' reach, and
    // Enter in either field is handled here.
    <div
      className="mt-4 space-y-4"
      onKeyDown={(event) => {
        if (
          event.key !== "Enter" ||
          !(event.target instanceof HTMLInputElement)
        )
          return;
        event.preventDefault();
        apply();
      }}
    >
      <div>
        <label htmlFor={`${id}-href`} className={labelClass}>
          Address
        </label>
        <input
          id={`${id}-href`}
          value={href}
          inputMode="url"
          placeholder="https://…"
          onChange={(event) => setHref(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-href-error` : undefined}
          className={fieldClass}
        />
        {problem ? (
          <p id={`${id}-href-error`} className={errorTextClass}>
            {problem}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-text`} className={labelClass}>
          Text
        </label>
        <input
          id={`${id}-text`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-text-hint`}
          className={fieldClass}
        />
        <p id={`${id}-text-hint`} className={hintClass}>
          The words readers click; the address when left empty.
        </p>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        {draft.existing ? (
          <button
            type="button"
            onClick={onRemove}
            className={`${buttonClass("danger", "sm")} mr-auto`}
          >
            Remove link
          </button>
        ) : null}
        <button
          type="button"
          onClick={onClose}
          className={buttonClass("secondary", "sm")}
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={apply}
          className={buttonClass("primary", "sm")}
        >
          {draft.existing ? "Update link" : "Add link"}
        </button>
      </div>
    </div>
  );

  function apply() {
    const address = href.trim();
    const found = linkAddressProblem(address);
    setProblem(found);
    if (found) return;
    onApply({ text: text.trim() || address, href: address });
  }
}
