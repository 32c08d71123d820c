// The one inline script of a public page (docs/decisions/058). It runs in
// the browser, but only its source is used: the root writes it, minified
// (?inline-script), at the end of every document's body, so it acts before
// any file arrives and whether or not one ever does. It must stand alone:
// no imports, nothing from this module's scope. Everything it touches is in
// the server's HTML, marked by data attributes:
// - the notice viewport (#notices) and the notices the server rendered
//   (template[data-notice]: shown at once) or prepared for a click
//   (template[data-notice-for=NAME]): one at a time, 5 s, closed by its
//   button or Escape; F8 focuses the viewport; paused on hover and swiped
//   away by an island (the viewport's data-intent) loaded as one shows;
// - [data-not-implemented] controls: the not-implemented notice;
// - form[data-notice=NAME]: shows that notice and sends nothing;
// - form[data-filled]: every field named in it must hold more than spaces,
//   else the missing-information notice;
// - a form posted: marked data-sending (its .when-busy label shows) and
//   its fieldset disabled, once the browser has read its fields;
// - the share sheet's button shown where the browser has one;
// - the entry animations of [style*="--reveal-index"];
// - [data-owner-only]: shown when the session is the owner's (asked only
//   while the signed_in hint cookie says there is a session);
// - a dialog's island (aria-expanded on its invoker, Tab inside it),
//   loaded when it first opens;
// - a post's image that fails to load shows img[data-fallback]'s image;
// - the first field marked invalid is focused;
// - a page made ready by the speculation rules asks for itself again when
//   it is opened, so the read counts;
// - islands ([data-island]: the address of its module): loaded after the
//   first paint when the page is idle (data-island-when="idle") or as the
//   element nears the viewport ("seen"), then given their element; or on
//   intent (button[data-intent]: Copy link, the share sheet), at its first
//   click, then given each click's button and the prepared notices;
// - a slow section React streams in later (docs/decisions/062): its
//   notices, share buttons and islands, as it lands in place.

export function pageScript(): void {
  const doc = document;
  const viewport = doc.getElementById("notices");
  const list = viewport?.querySelector("ol");
  const DURATION = 5000;
  let timer = 0;

  const close = (item: HTMLElement) => {
    item.dataset.state = "closed";
    setTimeout(() => item.remove(), 200);
  };

  const show = (template: Element | null | undefined, detail?: string) => {
    const item = (template as HTMLTemplateElement | null)?.content
      .querySelector("li")
      ?.cloneNode(true) as HTMLElement | undefined;
    if (!item || !list) return;
    if (detail !== undefined) {
      const text = item.querySelector("[data-detail]");
      if (text) text.textContent += detail;
    }
    clearTimeout(timer);
    list.replaceChildren(item);
    // Announced once, as Radix's notices are: a status that leaves after 1 s.
    const status = doc.createElement("div");
    status.role = "status";
    status.ariaLive =
      item.dataset.variant === "destructive" ? "assertive" : "polite";
    status.className = "sr-only";
    status.textContent = [
      "Notification",
      ...Array.from(
        item.querySelectorAll(".grid > div"),
        (part) => part.textContent,
      ),
    ].join(" ");
    viewport?.after(status);
    setTimeout(() => status.remove(), 1000);
    const start = () => {
      clearTimeout(timer);
      timer = setTimeout(() => close(item), DURATION) as unknown as number;
    };
    start();
    // Paused on hover and swiped away: refinements, from an island.
    import(viewport?.dataset.intent ?? "").then(
      (island: {
        default: (
          item: HTMLElement,
          timer: { pause(): void; resume(): void },
          close: (item: HTMLElement) => void,
        ) => void;
      }) =>
        island.default(
          item,
          { pause: () => clearTimeout(timer), resume: start },
          close,
        ),
      () => undefined,
    );
    item.querySelector("button")?.addEventListener("click", () => close(item));
  };

  const prepared = (name: string) =>
    doc.querySelector(`template[data-notice-for="${name}"]`);

  addEventListener("keydown", (event) => {
    if (event.key === "F8") {
      event.preventDefault();
      list?.focus();
    }
    // Escape closes the notice wherever the focus is, as Radix's does.
    const open = list?.querySelector<HTMLElement>(
      "li:not([data-state=closed])",
    );
    if (event.key === "Escape" && open) close(open);
  });

  doc.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("[data-not-implemented]")) {
      show(prepared("not-implemented"));
    }
    // An island wanted on intent: loaded at its first click and given each
    // click; if its file never comes, the address to copy by hand.
    const intent = target?.closest<HTMLElement>("button[data-intent]");
    if (intent) {
      import(intent.dataset.intent ?? "").then(
        (island: {
          default: (
            element: HTMLElement,
            notify: (name: string, detail?: string) => void,
          ) => void;
        }) =>
          island.default(intent, (name, detail) =>
            show(prepared(name), detail),
          ),
        () =>
          show(
            prepared(intent.dataset.notCopied ?? "not-copied"),
            intent.dataset.copy ?? intent.dataset.share,
          ),
      );
    }
  });

  doc.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    const notice = form.dataset.notice;
    if (notice) {
      event.preventDefault();
      show(prepared(notice));
      return;
    }
    const filled = form.dataset.filled;
    const empty = filled?.split(" ").some((name) => {
      const field = form.elements.namedItem(name) as HTMLInputElement | null;
      return !field?.value.trim();
    });
    if (empty) {
      event.preventDefault();
      show(prepared("missing"));
      return;
    }
    if (form.method !== "post") return;
    // After the browser has read the fields: a disabled field is not sent.
    setTimeout(() => {
      form.dataset.sending = "";
      const fields = form.querySelector("fieldset");
      if (fields) fields.disabled = true;
    });
  });

  // A dialog opened: its island keeps its invoker's aria-expanded in step
  // and Tab inside it.
  doc.addEventListener(
    "toggle",
    (event) => {
      const dialog = event.target;
      if (dialog instanceof HTMLDialogElement && dialog.open) {
        import(dialog.dataset.intent ?? "").then(
          (island: { default: (element: HTMLDialogElement) => void }) =>
            island.default(dialog),
          () => undefined,
        );
      }
    },
    true,
  );

  if (
    "IntersectionObserver" in window &&
    !matchMedia("(prefers-reduced-motion: reduce)").matches
  ) {
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const element = entry.target as HTMLElement;
          if (element.dataset.reveal === undefined) {
            // Already in view at the start: shown as it is, no animation.
            if (
              entry.boundingClientRect.top <
              (entry.rootBounds?.height ?? innerHeight)
            ) {
              observer.unobserve(element);
              continue;
            }
            element.dataset.reveal = "pending";
          }
          if (entry.isIntersecting) {
            element.dataset.reveal = "shown";
            observer.unobserve(element);
          }
        }
      },
      { threshold: 0.3 },
    );
    for (const element of doc.querySelectorAll('[style*="--reveal-index"]')) {
      observer.observe(element);
    }
  }

  // Asked only while the browser holds a session (its hint cookie, set
  // beside the session's): a reader's page view sends no request.
  const owner = doc.querySelector<HTMLElement>("[data-owner-only]");
  if (owner && /(^|; )signed_in=1/.test(doc.cookie)) {
    fetch("/api/auth/get-session", { cache: "no-store" })
      .then((response) => response.json())
      .then((session: { user?: { role?: string } } | null) => {
        if (session?.user?.role === "owner") owner.hidden = false;
      })
      .catch(() => undefined);
  }

  const island = (element: HTMLElement) => {
    const start = () => {
      seen.disconnect();
      import(element.dataset.island ?? "").then(
        (island: { default: (element: HTMLElement) => void }) =>
          island.default(element),
        () => undefined,
      );
    };
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start();
      },
      { rootMargin: "400px 0px" },
    );
    if (element.dataset.islandWhen === "idle") {
      // After the first paint, when the page has nothing else to do.
      requestAnimationFrame(() => setTimeout(start));
    } else seen.observe(element);
  };

  const fallBack = (image: HTMLImageElement) => {
    // Only a post's image carries one; any other failure is not its.
    const fallback = image.dataset?.fallback;
    if (!fallback || image.src.endsWith(fallback)) return;
    for (const source of image.parentElement?.querySelectorAll("source") ??
      []) {
      source.remove();
    }
    image.srcset = "";
    image.src = fallback;
  };
  addEventListener(
    "error",
    (event) => fallBack(event.target as HTMLImageElement),
    true,
  );
  for (const image of doc.querySelectorAll<HTMLImageElement>(
    "img[data-fallback]",
  )) {
    if (image.complete && !image.naturalWidth) fallBack(image);
  }

  // At the first frame: until the stylesheet has come, nothing can take focus.
  requestAnimationFrame(() =>
    doc.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus(),
  );

  // A page the speculation rules made ready reached the server as a
  // prefetch, which is not counted as a read (it may never be shown); once
  // the visitor does open it, it asks for itself once more, so the read
  // counts as an ordinary one.
  const read = () =>
    fetch(location.href, { cache: "no-store" }).catch(() => undefined);
  const entry = performance.getEntriesByType("navigation")[0] as
    (PerformanceEntry & { deliveryType?: string }) | undefined;
  if ((doc as { prerendering?: boolean }).prerendering) {
    doc.addEventListener("prerenderingchange", read, { once: true });
  } else if (entry?.deliveryType === "navigational-prefetch") read();

  // What a part of the page brings when it arrives: the page as the script
  // starts, then each slow section React streams in later (docs/decisions/062).
  // Each is taken once: an island marked started, a notice removed once shown.
  const settle = () => {
    if ("share" in navigator) {
      for (const share of doc.querySelectorAll("[data-share]")) {
        share.closest("li")?.removeAttribute("hidden");
      }
    }
    for (const element of doc.querySelectorAll<HTMLElement>(
      "[data-island]:not([data-island-started])",
    )) {
      element.dataset.islandStarted = "";
      island(element);
    }
    const now = doc.querySelectorAll("template[data-notice]");
    if (now.length > 0) show(now[now.length - 1]);
    for (const template of now) template.remove();
  };
  settle();
  new MutationObserver(settle).observe(doc.body, {
    childList: true,
    subtree: true,
  });

  // A notice asked for by the address (?notice=) leaves the address once shown.
  const address = new URL(location.href);
  if (address.searchParams.has("notice")) {
    address.searchParams.delete("notice");
    history.replaceState(history.state, "", address);
  }
}
