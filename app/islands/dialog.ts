// A public page's modal <dialog> (the mobile menu, a post's delete
// confirmation), refined (docs/decisions/058, 062): its invoker's
// aria-expanded in step with it, and Tab going round inside it rather than
// out to the browser's own controls. The page script loads this module when
// a dialog first opens; the dialog itself (invoker commands, the browser's
// modal, Escape) works without it.
export default function dialog(element: HTMLDialogElement): void {
  const expanded = () => {
    for (const invoker of document.querySelectorAll(
      `[commandfor="${element.id}"][aria-expanded]`,
    )) {
      invoker.setAttribute("aria-expanded", String(element.open));
    }
  };
  expanded();
  element.ontoggle = element.onclose = expanded;
  element.onkeydown = (event) => {
    if (event.key !== "Tab") return;
    const stops = element.querySelectorAll<HTMLElement>("a[href], button");
    const edge = stops[event.shiftKey ? 0 : stops.length - 1];
    if (document.activeElement === edge) {
      event.preventDefault();
      stops[event.shiftKey ? stops.length - 1 : 0]?.focus();
    }
  };
}
