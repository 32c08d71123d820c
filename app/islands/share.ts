// "Copy link" and "Share…" on a post (docs/decisions/058, 062): not in the
// inline page script, which must stay small; the page script loads this
// module at the first click on either and hands it each click's button and
// a way to show the notices the page prepared. If the module never comes,
// the page script shows the address to copy by hand instead.

/** Shows the page's prepared notice `name` (template[data-notice-for]), with `detail` after its text. */
export type Notify = (name: string, detail?: string) => void;

export default function share(button: HTMLElement, notify: Notify): void {
  const url = button.dataset.copy;
  if (url !== undefined) {
    navigator.clipboard.writeText(url).then(
      () => notify("copied", url),
      () => notify("not-copied", url),
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
