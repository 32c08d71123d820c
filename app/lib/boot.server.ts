// The one inline script that starts the app (decision 039). It runs in the
// browser, but only its source is used: document.server.ts writes it into
// every document, after React Router's context script and with its nonce. So
// it must stand alone: no imports, nothing from this module's scope.

export interface BootConfig {
  /** React Router's module script (route imports, then the client entry). */
  code: string;
  /** The modules that code imports, fetched in parallel once it starts. */
  preloads: string[];
  /** How many of those, from the first, run before the code, a file per task, in order: all but the client entry's module. */
  ahead: number;
  /** The full stylesheet (the document inlines what it uses itself), or null. */
  stylesheet: string | null;
  /** What a post's image (img[data-fallback]) shows when its own fails to load. */
  fallbackImage: string;
}

/**
 * - Restores the page's saved scroll position (React Router's key).
 * - Starts the app once the page's largest paint has settled, or at the
 *   first interaction if that comes sooner, a task a step: the module
 *   preloads, the full stylesheet (for what client navigation and notices
 *   render later; it applies from the first change to the page), the
 *   modules run ahead, then the module script, each carrying this script's
 *   nonce.
 * - Until the app takes over (window.__replayEarlyEvents, called from the
 *   root's first effect), holds the clicks on plain buttons (type="button",
 *   which do nothing without script; invoker buttons excepted) and the
 *   submits of forms marked data-replay, and gives them back then, in order.
 * - Shows the fallback image in place of a post's image that fails to load,
 *   with or without the app, in the server's HTML or drawn by React.
 * - Where the browser has no invoker commands (command/commandfor), opens and
 *   closes dialogs for them; and keeps aria-expanded on a dialog's invoker in
 *   step with the dialog, with or without the app.
 */
export function boot(config: BootConfig, data?: string): void {
  const doc = document;
  // React Router's loader data, as the byte stream its client reads once
  // when it starts hydrating, made only then. React Router's own script
  // opened a stream piped through an encoder while the page was parsed, and
  // the piping ran in that task (decision 048).
  if (data !== undefined) {
    let stream: ReadableStream<Uint8Array> | undefined;
    Object.defineProperty(window.__reactRouterContext, "stream", {
      configurable: true,
      get: () =>
        (stream ??= new ReadableStream({
          start(controller) {
            // In a task of its own: React Router reads the stream as React
            // first renders, and decodes the data as it comes.
            setTimeout(() => {
              controller.enqueue(new TextEncoder().encode(data));
              controller.close();
            });
          },
        })),
      set: (value: ReadableStream<Uint8Array> | undefined) => {
        stream = value;
      },
    });
  }
  // Back at a page (a reload, a return from another site): its saved scroll
  // position, before the first paint. React Router's <ScrollRestoration>
  // inlines this as a script of its own, unminified; root.tsx keeps only its
  // hook, which saves the positions under React Router's default key.
  // A first visit's entry has no key yet, so nothing saved to read: the
  // storage read, like the history write below, stays out of the task that
  // parses the page, where both cost more than the rest of this script.
  try {
    const key: unknown = history.state?.key;
    if (typeof key === "string") {
      const saved: unknown = JSON.parse(
        sessionStorage.getItem("react-router-scroll-positions") || "{}",
      )[key];
      if (typeof saved === "number") scrollTo(0, saved);
    }
  } catch {
    // No storage (or a broken entry): the browser's own restoration stands.
  }
  const nonce = (doc.currentScript as HTMLScriptElement | null)?.nonce ?? "";
  const triggers = ["pointerdown", "keydown", "touchstart"];
  let started = false;

  function start() {
    if (started) return;
    started = true;
    for (const type of triggers) removeEventListener(type, start, true);
    // Each step below is a task of its own, the first in this one: on a
    // phone the history write, the stylesheet's link and every preload's
    // link each cost the browser a fetch's setup or more, and together they
    // made one of the longest tasks of the start.
    let ready: Promise<unknown> = Promise.resolve();
    let first = true;
    const step = (work: () => unknown) => {
      ready = first
        ? ready.then(work)
        : ready
            .then(() => new Promise((resolve) => setTimeout(resolve)))
            .then(work);
      first = false;
    };
    const add = (tag: string, attributes: Record<string, string>) => {
      const element = doc.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) {
        element.setAttribute(name, value);
      }
      if (
        element instanceof HTMLScriptElement ||
        element instanceof HTMLLinkElement
      ) {
        element.nonce = nonce;
      }
      return element;
    };
    // The preloads first, the first of them now: the page's largest paint
    // has settled, and a later step must not leave room for another paint
    // before the scripts are asked for.
    for (const href of config.preloads) {
      step(() => doc.head.append(add("link", { rel: "modulepreload", href })));
    }
    // The entry's own key, under which React Router saves its position on
    // leaving (else every entry shares "default"), with the index React
    // Router's history would otherwise write in a second history write.
    step(() => {
      try {
        const state = (history.state ?? {}) as {
          key?: unknown;
          idx?: unknown;
        };
        if (!state.key) {
          history.replaceState(
            {
              ...state,
              key: Math.random().toString(32).slice(2),
              idx: state.idx ?? 0,
            },
            "",
          );
        }
      } catch {
        // A browser that refuses the write: React Router keys the entry itself.
      }
    });
    // The page's first read of its session storage waits on the browser's
    // own process. React Router reads it as it starts (the view transitions
    // it applied, the scroll positions), within React's first render; read
    // here first, that wait is a task of its own.
    step(() => {
      try {
        void sessionStorage.length;
      } catch {
        // No storage: React Router does without it too.
      }
    });
    let sheet: HTMLElement | null = null;
    const stylesheet = config.stylesheet;
    if (stylesheet) {
      step(() => {
        // data-precedence: React adopts it as the stylesheet root.tsx renders.
        // media="print" until needed: a sheet that applies restyles the whole
        // page, the longest task after the paint on a phone, for rules the
        // page already has inline.
        sheet = add("link", {
          rel: "stylesheet",
          href: stylesheet,
          "data-precedence": "default",
          media: "print",
        });
        // In the link's own place, where its used rules are inline: a sheet a
        // route links after it (the studio's) must stay after it.
        const inline = doc.head.querySelector("style[data-used-css]");
        if (inline) inline.after(sheet);
        else doc.head.append(sheet);
      });
    }
    // A file per task, then the module script: the browser runs every
    // module a script imports in one task, the longest of the start on a
    // phone, for the framework alone.
    for (const href of config.preloads.slice(0, config.ahead)) {
      step(() => import(href));
    }
    const run = () => {
      const module = add("script", { type: "module" });
      module.textContent = config.code;
      doc.body.append(module);
      if (!sheet) return;
      // The inline rules cover what the server sent. The first element the
      // page adds, or class it changes (a notice, a map, the next screen),
      // may need any rule: the sheet applies then, before that frame paints
      // (observer callbacks run before rendering).
      const full = sheet;
      const observer = new MutationObserver(() => {
        observer.disconnect();
        full.removeAttribute("media");
      });
      observer.observe(doc.body, {
        childList: true,
        subtree: true,
        attributeFilter: ["class"],
      });
    };
    // A file that fails to load here fails the module script too, which
    // reports it; the app starts either way.
    ready = ready.catch(() => undefined);
    step(run);
  }
  for (const type of triggers) {
    addEventListener(type, start, { capture: true, passive: true });
  }
  // Once the page's largest paint has settled: two frames with no larger
  // one. A script request that starts before the largest paint's timestamp
  // counts against it in Lighthouse's LCP model, and the first paint is not
  // always the largest: it can show the header alone, with the page's
  // largest text a frame or more later. Browsers without largest-paint
  // entries wait on the first paint instead. A second after the first
  // frame at the latest, should the browser report no paint.
  let paints = 0;
  new PerformanceObserver(() => {
    const paint = ++paints;
    // A larger paint reported meanwhile waits in turn.
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        setTimeout(() => paint === paints && start()),
      ),
    );
  }).observe({
    type: PerformanceObserver.supportedEntryTypes.includes(
      "largest-contentful-paint",
    )
      ? "largest-contentful-paint"
      : "paint",
    buffered: true,
  });
  requestAnimationFrame(() => setTimeout(start, 1000));

  const held: Array<[HTMLElement, string, HTMLElement | null]> = [];
  function hold(event: Event) {
    const target = event.target instanceof Element ? event.target : null;
    const element =
      event.type === "submit"
        ? target?.closest("form[data-replay]")
        : target?.closest('button[type="button"]:not([commandfor])');
    if (!(element instanceof HTMLElement)) return;
    event.preventDefault();
    event.stopPropagation();
    held.push([element, event.type, (event as SubmitEvent).submitter]);
    start();
  }
  addEventListener("click", hold, true);
  addEventListener("submit", hold, true);
  window.__replayEarlyEvents = () => {
    delete window.__replayEarlyEvents;
    removeEventListener("click", hold, true);
    removeEventListener("submit", hold, true);
    for (const [element, type, submitter] of held.splice(0)) {
      if (!element.isConnected) continue;
      if (element instanceof HTMLFormElement) element.requestSubmit(submitter);
      else if (type === "click") element.click();
    }
  };

  // A post's image whose file is gone: the fallback. One listener for the
  // page's life, so a list kept as server HTML needs no app for it (an
  // error event does not bubble, but passes the document on its way down);
  // those that failed before this script ran are found now.
  const fallback = (image: EventTarget | null) => {
    if (
      !(image instanceof HTMLImageElement) ||
      !image.hasAttribute("data-fallback")
    ) {
      return;
    }
    const href = new URL(config.fallbackImage, location.href).href;
    if (image.src === href && !image.srcset) return;
    // A <picture>'s sources and the srcset would otherwise win over src.
    if (image.parentElement instanceof HTMLPictureElement) {
      for (const source of image.parentElement.querySelectorAll("source")) {
        source.srcset = "";
      }
    }
    image.srcset = "";
    image.src = href;
  };
  doc.addEventListener("error", (event) => fallback(event.target), true);
  for (const image of doc.querySelectorAll("img[data-fallback]")) {
    if (
      image instanceof HTMLImageElement &&
      image.complete &&
      image.naturalWidth === 0 &&
      image.currentSrc
    ) {
      fallback(image);
    }
  }

  if (!("commandForElement" in HTMLButtonElement.prototype)) {
    addEventListener("click", (event) => {
      const button =
        event.target instanceof Element
          ? event.target.closest("button[commandfor]")
          : null;
      const dialog = doc.getElementById(
        button?.getAttribute("commandfor") ?? "",
      );
      if (!(dialog instanceof HTMLDialogElement)) return;
      const command = button?.getAttribute("command");
      if (command === "show-modal" && !dialog.open) dialog.showModal();
      if (command === "close") dialog.close();
    });
  }
  const expanded = (event: Event) => {
    const dialog = event.target;
    if (!(dialog instanceof HTMLDialogElement) || !dialog.id) return;
    for (const button of doc.querySelectorAll(
      `[commandfor="${dialog.id}"][aria-expanded]`,
    )) {
      button.setAttribute("aria-expanded", String(dialog.open));
    }
  };
  doc.addEventListener("toggle", expanded, true);
  doc.addEventListener("close", expanded, true);
}

declare global {
  interface Window {
    /** Set by the boot script until the app has hydrated (app/lib/early-events.ts). */
    __replayEarlyEvents?: () => void;
    /** React Router's context script's (the boot script makes its data stream). */
    __reactRouterContext?: object;
  }
}
