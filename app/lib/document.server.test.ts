import { createHash } from "node:crypto";

import { expect, test } from "vitest";

import { paintFirst as paint } from "./document.server";
import { parseStylesheet } from "./css-parse.server";

const document = [
  '<html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
  '<link rel="modulepreload" href="/assets/entry.js" nonce="n"/><link rel="modulepreload" href="/assets/root.js" nonce="n"/><title>T</title>',
  '<link nonce="n" rel="icon" href="/favicon.svg"/><link nonce="n" rel="manifest" href="/site.webmanifest"/></head>',
  '<body><main class="used">Hi</main><script type="application/ld+json">{}</script>',
  '<script nonce="n">window.__reactRouterContext = {};window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());</script>',
  '<script nonce="n" type="module" async="">import "/assets/root.js";\nimport("/assets/entry.js");</script>',
  '<script nonce="n">window.__reactRouterContext.streamController.enqueue("[{\\"_1\\":2},\\"loaderData\\"]\\n");</script>',
  '<script nonce="n">window.__reactRouterContext.streamController.enqueue("[\\"more\\"]\\n");</script>',
  '<script nonce="n">window.__reactRouterContext.streamController.close();</script></body></html>',
].join("");

const sheet = parseStylesheet(
  ".used{color:red}.unused{color:blue}p{margin:0}main{padding:0}",
);

const paintFirst = (...args: Parameters<typeof paint>) => paint(...args).html;

function bootConfig(html: string): unknown {
  const match =
    /;\(function[\s\S]*\}\)\((\{[\s\S]*?\})(?:,"(?:[^"\\]|\\.)*"(?:\+"(?:[^"\\]|\\.)*")*)?\)<\/script>/.exec(
      html,
    );
  return match?.[1] ? JSON.parse(match[1]) : undefined;
}

test("the stylesheet link becomes a nonce'd <style> with the rules the document uses", () => {
  const html = paintFirst(document, {
    nonce: "n",
    stylesheet: (href) => (href === "/assets/app.css" ? sheet : undefined),
  });
  expect(html).toContain(
    '<head><meta charSet="utf-8"/><style nonce="n" data-used-css>.used{color:red}main{padding:0}</style><title>T</title><link nonce="n" rel="icon" href="/favicon.svg"/></head>',
  );
  expect(html).not.toContain('rel="stylesheet"');
});

test("module preloads and the module script go to the boot script, which starts them after the first paint", () => {
  const html = paintFirst(document, { nonce: "n", stylesheet: () => sheet });
  expect(html).not.toContain('rel="modulepreload"');
  // The module script stays, empty, where React expects it when hydrating.
  expect(html).toContain('<script nonce="n" type="module" async=""></script>');
  // The loader data leaves its scripts for the boot script, which makes
  // React Router's stream of it when React Router reads it: nothing of the
  // stream runs while the page is parsed.
  expect(html).toContain(
    '<script nonce="n">window.__reactRouterContext = {};;(function ',
  );
  expect(html).not.toContain("streamController");
  expect(html).toContain(
    ',"[{\\"_1\\":2},\\"loaderData\\"]\\n"+"[\\"more\\"]\\n")</script>',
  );
  expect(bootConfig(html)).toEqual({
    code: 'import "/assets/root.js";\nimport("/assets/entry.js");',
    preloads: ["/assets/entry.js", "/assets/root.js"],
    // No manifest naming the routes' modules: nothing is run ahead.
    ahead: 0,
    stylesheet: "/assets/app.css",
    // What a post's image that fails to load shows instead.
    fallbackImage: "/images/fallback.svg",
  });
  // Structured data stays as it was.
  expect(html).toContain('<script type="application/ld+json">{}</script>');
  expect(html).toContain('async=""></script></body></html>');
});

test("the sources name each inline script and style by hash, and the module script the boot script adds; not data, not an empty script", () => {
  const { html, sources } = paint(document, {
    nonce: "n",
    stylesheet: () => sheet,
  });
  const hash = (text: string) =>
    `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  const inline = [
    ...html.matchAll(
      /<(script|style)\b[^>]*>([^<]*(?:<(?!\/\1)[^<]*)*)<\/\1>/g,
    ),
  ];
  const styles = inline.filter((match) => match[1] === "style");
  const scripts = inline.filter(
    (match) =>
      match[1] === "script" && match[2] && !match[0].includes("ld+json"),
  );
  expect(styles).toHaveLength(1);
  expect(scripts).toHaveLength(1);
  expect(sources).toEqual({
    styles: [hash(styles[0]?.[2] ?? "")],
    scripts: [
      hash('import "/assets/root.js";\nimport("/assets/entry.js");'),
      hash(scripts[0]?.[2] ?? ""),
    ],
  });
});

test("every preload but the client entry's is run ahead, the shared code first, then the routes' modules in the manifest's order; the manifest loses its indents and its false flags", () => {
  const code = [
    'import * as route0 from "/assets/root.js";',
    'import * as route1 from "/assets/page.js";',
    'window.__reactRouterManifest = {"entry": {\n  "module": "/assets/entry.js", "imports": ["/assets/framework.js"]},',
    ' "routes": {"root": {"hasAction": false, "hasLoader": true, "module": "/assets/root.js", "imports": ["/assets/framework.js", "/assets/shared.js"]},',
    ' "routes/page": {"parentId": "root", "module": "/assets/page.js", "imports": ["/assets/framework.js"]},',
    ' "routes/other": {"parentId": "root", "module": "/assets/other.js", "imports": ["/assets/framework.js"]}}};',
    'import("/assets/entry.js");',
  ].join("\n");
  const withManifest = document
    .replace(
      'import "/assets/root.js";\nimport("/assets/entry.js");',
      () => code,
    )
    .replace(
      "<title>",
      '<link rel="modulepreload" href="/assets/page.js" nonce="n"/><link rel="modulepreload" href="/assets/framework.js" nonce="n"/><link rel="modulepreload" href="/assets/shared.js" nonce="n"/><title>',
    );
  const html = paintFirst(withManifest, {
    nonce: "n",
    stylesheet: () => sheet,
  });
  expect(bootConfig(html)).toMatchObject({
    // Another route's module, which this page does not preload, is not run.
    preloads: [
      "/assets/framework.js",
      "/assets/shared.js",
      "/assets/root.js",
      "/assets/page.js",
      "/assets/entry.js",
    ],
    ahead: 4,
  });
  // The manifest goes without its indents.
  expect(JSON.stringify(bootConfig(html))).toContain(
    'window.__reactRouterManifest = {\\"entry\\":{\\"module\\":\\"/assets/entry.js\\"',
  );
  // A flag that is false reads the same absent; one that is true stays.
  expect(JSON.stringify(bootConfig(html))).toContain(
    '\\"root\\":{\\"hasLoader\\":true,\\"module\\"',
  );
});

test("the manifest link leaves the document, so its fetch and its icon's do not race the first paint; the favicon stays", () => {
  const html = paintFirst(document, { nonce: "n", stylesheet: () => sheet });
  expect(html).not.toContain('rel="manifest"');
  expect(html).toContain('<link nonce="n" rel="icon" href="/favicon.svg"/>');
});

test("the JSON-LD the loaders gave goes into the head, escaped so no text in it can end the element", () => {
  const person = { "@context": "https://schema.org", "@type": "Person" };
  const event = { "@type": "Event", name: "</script><b>x" };
  const one = paintFirst(document, { nonce: "n", structuredData: [person] });
  expect(one).toContain(
    `<link nonce="n" rel="icon" href="/favicon.svg"/><script type="application/ld+json">${JSON.stringify(person)}</script></head>`,
  );
  const two = paintFirst(document, {
    nonce: "n",
    structuredData: [person, event],
  });
  expect(two).toContain(
    '<script type="application/ld+json">[{"@context":"https://schema.org","@type":"Person"},{"@type":"Event","name":"\\u003c/script>\\u003cb>x"}]</script></head>',
  );
  // None given (a page without structured data): the head is as rendered.
  expect(paintFirst(document, { nonce: "n" })).toContain(
    '<link nonce="n" rel="icon" href="/favicon.svg"/></head>',
  );
});

test("without a readable stylesheet the link stays; without React Router's scripts nothing changes", () => {
  const html = paintFirst(document, { nonce: "n" });
  expect(html).toContain(
    '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
  );
  expect(bootConfig(html)).toMatchObject({ stylesheet: null });
  const plain = "<html><head></head><body><p>x</p></body></html>";
  expect(paintFirst(plain, { nonce: "n", stylesheet: () => sheet })).toBe(
    plain,
  );
});

test("nothing inlined can close its element early", () => {
  const tricky = document.replace(
    'import("/assets/entry.js");',
    'import("/assets/entry.js");/* <!-- */',
  );
  const html = paintFirst(tricky, {
    nonce: "n",
    stylesheet: () => parseStylesheet('.used::after{content:"</style>"}'),
  });
  expect(html).toContain('content:"<\\/style>"');
  expect(html).toContain("/* \\u003c!-- */");
  // The loader data's three scripts joined the context script.
  expect(html.match(/<\/script>/g)).toHaveLength(
    (document.match(/<\/script>/g)?.length ?? 0) - 3,
  );
});

test("a script that reached the HTML through content is never named by hash: only the renderer's own are", () => {
  const injected = "alert(document.cookie)";
  const withContent = document.replace(
    '<main class="used">Hi</main>',
    () =>
      `<main class="used">Hi<script>${injected}</script><style>main{color:red}</style></main>`,
  );
  const { sources } = paint(withContent, {
    nonce: "n",
    stylesheet: () => sheet,
  });
  const hash = (text: string) =>
    `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  expect(sources.scripts).toHaveLength(2);
  expect(sources.styles).toHaveLength(1);
  expect(sources.scripts).not.toContain(hash(injected));
  expect(sources.styles).not.toContain(hash("main{color:red}"));
  // A document without React Router's scripts names nothing.
  expect(
    paint(`<html><body><script>${injected}</script></body></html>`, {
      nonce: "n",
    }),
  ).toMatchObject({ sources: { scripts: [], styles: [] }, missing: [] });
});

/** The fixture with React Router's manifest in its module script, as the framework writes it. */
const complete = document
  .replace('import "/assets/root.js";\nimport("/assets/entry.js");', () =>
    [
      'import * as route0 from "/assets/root.js";',
      'window.__reactRouterManifest = {"entry": {\n  "module": "/assets/entry.js", "imports": ["/assets/framework.js"]},',
      ' "routes": {"root": {"module": "/assets/root.js", "imports": ["/assets/framework.js"]}}};',
      'import("/assets/entry.js");',
    ].join("\n"),
  )
  .replace(
    "<title>",
    '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/><title>',
  );

test("a page with every piece of React Router's HTML reports none missing; one without the manifest in its module script reports it", () => {
  const options = {
    nonce: "n",
    stylesheet: () => sheet,
    structuredData: [{ "@type": "Person" }],
  };
  expect(paint(complete, options).missing).toEqual([]);
  expect(paint(document, options).missing).toEqual(["route manifest"]);
});

test("each piece of React Router's HTML that is not found is reported, and the page is sent with it as rendered", () => {
  const options = {
    nonce: "n",
    stylesheet: () => sheet,
    structuredData: [{ "@type": "Person" }],
  };
  const without = (pattern: RegExp | string) =>
    paint(complete.replace(pattern, ""), options);
  expect(
    without(
      '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
    ).missing,
  ).toEqual(["stylesheet link"]);
  expect(
    paint(complete, { ...options, stylesheet: () => undefined }).missing,
  ).toEqual(["stylesheet"]);
  expect(without(/<link rel="modulepreload"[^>]*>/g).missing).toEqual([
    "module preloads",
  ]);
  expect(
    without('<link nonce="n" rel="manifest" href="/site.webmanifest"/>')
      .missing,
  ).toEqual(["manifest link"]);
  // Data that never closes: not a stream to take over either.
  expect(
    without(
      '<script nonce="n">window.__reactRouterContext.streamController.close();</script>',
    ).missing,
  ).toEqual(["loader data", "data stream"]);
  // React Router opening its stream another way: its own scripts stay.
  const otherStream = paint(
    complete.replace(".pipeThrough(new TextEncoderStream());", ";"),
    options,
  );
  expect(otherStream.missing).toEqual(["data stream"]);
  expect(otherStream.html).toContain(
    'window.__reactRouterContext.streamController.enqueue("[\\"more\\"]\\n");window.__reactRouterContext.streamController.close();;(function ',
  );
  const headless = without("</head>");
  expect(headless.missing).toEqual(["head end"]);
  // The fixture's own JSON-LD only: the loaders' had nowhere to go.
  expect(headless.html.match(/application\/ld\+json/g)).toHaveLength(1);
  // The context script in another form: nothing is rewritten, and it is said.
  const moved = complete.replace(
    "new TextEncoderStream());</script>",
    "new TextEncoderStream());</script><!-- -->",
  );
  expect(paint(moved, options)).toEqual({
    html: moved,
    sources: { scripts: [], styles: [] },
    missing: ["router scripts"],
  });
});
