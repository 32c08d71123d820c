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
// - the first field marked invalid is focused;
// - a calendar (form[data-calendar]): the keys of the WAI-ARIA date grid
//   move its one tab stop, and ask the server for another month (?focus=)
//   when they leave this one; a month or day pressed keeps the focus there.

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
    const start = () => {
      clearTimeout(timer);
      timer = setTimeout(() => close(item), DURATION) as unknown as number;
    };
    start();
    // Paused while the pointer or the focus is on the notice, as Radix's.
    item.onpointerenter = item.onfocus = () => clearTimeout(timer);
    item.onpointerleave = start;
    item.onkeydown = (event) => {
      if (event.key === "Escape") close(item);
    };
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
      viewport?.focus();
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

  const two = (value: number) => String(value).padStart(2, "0");
  // A month asked for and not yet shown: the keys pressed meanwhile go on from it.
  let pending: string | undefined;
  doc.addEventListener("keydown", (event) => {
    const button =
      event.target instanceof Element
        ? event.target.closest<HTMLButtonElement>("[data-calendar] td button")
        : null;
    const form = button?.form;
    if (!button || !form) return;
    const [year = 0, month = 1, day = 1] = (pending ?? button.value)
      .split("-")
      .map(Number);
    const date = new Date(year, month - 1, day, 12);
    const weekday = date.getDay();
    const move = (
      {
        ArrowLeft: -1,
        ArrowRight: 1,
        ArrowUp: -7,
        ArrowDown: 7,
        Home: -weekday,
        End: 6 - weekday,
      } as Record<string, number>
    )[event.key];
    const months =
      (event.key === "PageUp" ? -1 : event.key === "PageDown" ? 1 : 0) *
      (event.shiftKey ? 12 : 1);
    if (move === undefined && !months) return;
    event.preventDefault();
    if (move === undefined) {
      // Months clamp to their last day (January 31 + 1 month: February's last).
      date.setDate(1);
      date.setMonth(date.getMonth() + months);
      date.setDate(
        Math.min(
          day,
          new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate(),
        ),
      );
    } else date.setDate(day + move);
    const key = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
    const next = form.querySelector<HTMLButtonElement>(
      `td button[value="${key}"]`,
    );
    if (next && pending === undefined) {
      button.tabIndex = -1;
      next.tabIndex = 0;
      next.focus();
      return;
    }
    pending = key;
    const address = new URL(form.action);
    const chosen = form.querySelector<HTMLInputElement>('input[name="day"]');
    address.search = new URLSearchParams({
      day: chosen?.value ?? key,
      focus: key,
    }).toString();
    location.assign(address);
  });

  doc.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement;
    const submitter = event.submitter as HTMLButtonElement | null;
    if (form.dataset.calendar !== undefined && submitter) {
      const focus = doc.createElement("input");
      focus.type = "hidden";
      focus.name = "focus";
      focus.value = submitter.dataset.step ?? submitter.value;
      form.append(focus);
    }
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

  if (typeof navigator.share === "function") {
    for (const share of doc.querySelectorAll<HTMLElement>("[data-share]")) {
      share.closest("li")?.removeAttribute("hidden");
    }
  }

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

  doc.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  const focus = new URLSearchParams(location.search).get("focus");
  if (focus) {
    doc
      .querySelector<HTMLElement>(
        `[data-calendar] [data-step="${focus}"], [data-calendar] td button[tabindex="0"]`,
      )
      ?.focus();
  }

  // The notice the server answered with: shown now, and a notice asked for
  // by the address (?notice=) leaves the address once shown.
  const now = doc.querySelectorAll("template[data-notice]");
  if (now.length > 0) show(now[now.length - 1]);
  const address = new URL(location.href);
  if (address.searchParams.has("notice")) {
    address.searchParams.delete("notice");
    history.replaceState(history.state, "", address);
  }
}
