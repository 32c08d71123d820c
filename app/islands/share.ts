// "Copy link" and "Share…" on a post, and "Copy handle" where the page says
// "Follow @handle" (docs/decisions/058, 061, 062): not in the
// inline page script, which must stay small; the page script loads this
// module at the first click on either and hands it each click's button and
// a way to show the notices the page prepared. If the module never comes,
// the page script shows the address to copy by hand instead.

/** Shows the page's prepared notice `name` (template[data-notice-for]), with `detail` after its text. */
export type Notify = (name: string, detail?: string) => void;

export default function share(button: HTMLElement, notify: Notify): void {
  const url = button.dataset.copy;
  if (url !== undefined) {
    // A button copying something else than the post's link (the social
    // web's handle) names notices of its own.
    navigator.clipboard.writeText(url).then(
      () => notify(button.dataset.copied ?? "copied", url),
      () => notify(button.dataset.notCopied ?? "not-copied", url),
    );
    return;
  }
  navigator
    .share({ title: button.dataset.title, url: button.dataset.share })
    .catch((error: unknown) => {
      // Closing the sheet is the reader's choice, not a failure; when the
      // sheet fails, "Copy link" beside it does instead.
      if (error instanceof DOMException && error.name === "AbortError") return;
      const copy = button
        .closest("ul")
        ?.querySelector<HTMLElement>("[data-copy]");
      if (copy) share(copy, notify);
    });
}
