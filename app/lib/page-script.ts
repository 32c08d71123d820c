// The one inline script of a public page (docs/decisions/058). It runs in
// the browser, but only its source is used: the root writes it, minified
// (?inline-script), at the end of every document's body, so it acts before
// any file arrives and whether or not one ever does. It must stand alone:
// no imports, nothing from this module's scope. Everything it touches is in
// the server's HTML, marked by data attributes:
// - the notice viewport (#notices) and the notices the server rendered
//   (template[data-notice]: shown at once) or prepared for a click
//   (template[data-notice-for=NAME]): one at a time, 5 s, closed by its
//   button, Escape or a swipe to the right; F8 focuses the viewport;
// - Tab goes round inside an open modal dialog;
// - [data-not-implemented] controls: the not-implemented notice;
// - form[data-notice=NAME]: shows that notice and sends nothing;
// - form[data-filled]: every field named in it must hold more than spaces,
//   else the missing-information notice;
// - a form posted: marked data-sending (its .when-busy label shows) and
//   its fieldset disabled, once the browser has read its fields;
// - [data-copy=URL] and [data-share]: Copy link and the share sheet;
// - the entry animations of [style*="--reveal-index"];
// - [data-owner-only]: shown when the session is the owner's;
// - aria-expanded on a dialog's invoker, in step with the dialog;
// - a post's image that fails to load shows img[data-fallback]'s image;
// - the first field marked invalid is focused;
// - a page made ready by the speculation rules asks for itself again when
//   it is opened, so the read counts;
// - islands ([data-island]: the address of its module): loaded after the
//   first paint when the page is idle (data-island-when="idle") or as the
//   element nears the viewport ("seen"), then given their element;
// - a slow section React streams in later (docs/decisions/062): its
//   notices, share buttons and islands, as it lands in place.

export function pageScript(): void {
  const doc = document;
  const viewport = doc.getElementById("notices");
  const list = viewport?.querySelector("ol");
  const DURATION = 5000;
  const SWIPE = 50;
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
    status.setAttribute("role", "status");
    status.setAttribute(
      "aria-live",
      item.dataset.variant === "destructive" ? "assertive" : "polite",
    );
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
    // Paused while the pointer or the focus is on the notice, as Radix's.
    item.onpointerenter = item.onfocus = () => clearTimeout(timer);
    item.onpointerleave = start;
    item.querySelector("button")?.addEventListener("click", () => close(item));
    let from = -1;
    item.onpointerdown = (event) => {
      from = event.clientX;
    };
    item.onpointermove = (event) => {
      if (from < 0) return;
      const moved = Math.max(0, event.clientX - from);
      item.style.transform = `translateX(${moved}px)`;
      if (moved > SWIPE) {
        from = -1;
        item.dataset.swipe = "end";
        close(item);
      }
    };
    item.onpointerup = item.onpointercancel = () => {
      from = -1;
      item.style.transform = "";
    };
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
    // A modal dialog makes the page behind inert, but Tab would still leave
    // it for the browser's own controls: it goes round inside.
    const dialog = doc.querySelector("dialog:modal");
    if (event.key === "Tab" && dialog) {
      const stops = dialog.querySelectorAll<HTMLElement>("a[href], button");
      const edge = stops[event.shiftKey ? 0 : stops.length - 1];
      if (doc.activeElement === edge) {
        event.preventDefault();
        stops[event.shiftKey ? stops.length - 1 : 0]?.focus();
      }
    }
  });

  doc.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest("[data-not-implemented]")) {
      show(prepared("not-implemented"));
    }
    const copy = target?.closest<HTMLElement>("[data-copy]");
    const url = copy?.dataset.copy;
    if (copy && url) {
      navigator.clipboard.writeText(url).then(
        () => show(prepared("copied"), url),
        () => show(prepared("not-copied"), url),
      );
    }
    const share = target?.closest<HTMLElement>("[data-share]");
    if (share) {
      navigator
        .share({ title: share.dataset.title, url: share.dataset.share })
        .catch((error: unknown) => {
          // Closing the sheet is the reader's choice, not a failure.
          if (!(error instanceof DOMException && error.name === "AbortError")) {
            share
              .closest("li")
              ?.previousElementSibling?.querySelector("button")
              ?.click();
          }
        });
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

  const expanded = (event: Event) => {
    const dialog = event.target;
    if (!(dialog instanceof HTMLDialogElement)) return;
    for (const invoker of doc.querySelectorAll(
      `[commandfor="${dialog.id}"][aria-expanded]`,
    )) {
      invoker.setAttribute("aria-expanded", String(dialog.open));
    }
  };
  doc.addEventListener("toggle", expanded, true);
  doc.addEventListener("close", expanded, true);

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

  const owner = doc.querySelector<HTMLElement>("[data-owner-only]");
  if (owner) {
    fetch("/api/auth/get-session", {
      credentials: "same-origin",
      cache: "no-store",
    })
      .then((response) => (response.ok ? response.json() : null))
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

  const fallBack = (image: EventTarget | null) => {
    if (!(image instanceof HTMLImageElement)) return;
    const fallback = image.dataset.fallback;
    if (!fallback || image.src.endsWith(fallback)) return;
    for (const source of image.parentElement?.querySelectorAll("source") ??
      []) {
      source.remove();
    }
    image.srcset = "";
    image.src = fallback;
  };
  addEventListener("error", (event) => fallBack(event.target), true);
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
  // starts, then each slow section React streams in later and puts in place
  // with its own inline script (docs/decisions/062).
  const within = (root: Element | Document, selector: string) => [
    ...(root instanceof Element && root.matches(selector) ? [root] : []),
    ...root.querySelectorAll(selector),
  ];
  const settle = (root: Element | Document) => {
    if (typeof navigator.share === "function") {
      for (const share of within(root, "[data-share]")) {
        share.closest("li")?.removeAttribute("hidden");
      }
    }
    for (const element of within(root, "[data-island]")) {
      island(element as HTMLElement);
    }
    // The notice the server answered with: shown now.
    const now = within(root, "template[data-notice]");
    if (now.length > 0) show(now[now.length - 1]);
  };
  settle(doc);
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        // Not while it waits in React's hidden block.
        if (node instanceof Element && !node.closest("[hidden]")) settle(node);
      }
    }
  }).observe(doc.body, { childList: true, subtree: true });

  // A notice asked for by the address (?notice=) leaves the address once shown.
  const address = new URL(location.href);
  if (address.searchParams.has("notice")) {
    address.searchParams.delete("notice");
    history.replaceState(history.state, "", address);
  }
}
