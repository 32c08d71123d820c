// Post-processing of the rendered document (see entry.server.tsx): paint
// first, hydrate after (docs/decisions/039-paint-first-as-it-stands.md).
import { createHash } from "node:crypto";

import type { BootConfig } from "./boot.server";
import type { DocumentPiece } from "./document-pieces";
import bootScript from "./boot.server.ts?inline-script";
import type { JsonLdObject } from "./seo";
import { FALLBACK_POST_IMAGE } from "./posts";
import {
  builtStylesheet,
  documentClasses,
  documentTags,
  usedCss,
} from "./used-css.server";
import type { Stylesheet } from "./css-parse.server";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
// The manifest matters only for installing the site. A browser fetches it as
// soon as the document is parsed, and the 192 px icon it lists right after,
// racing the first paint on a slow network; React inserts the root's link
// again when it hydrates, after the paint (decision 039).
const MANIFEST = /<link[^>]*? rel="manifest"[^>]*>/;
const STYLESHEET =
  /<link rel="stylesheet" href="([^"]+)" data-precedence="[^"]*"\/>/;
// React Router's two scripts: its context (classic), then its module script.
const ROUTER_SCRIPTS =
  /(<script[^>]*>)(window\.__reactRouterContext[\s\S]*?)<\/script>(<script[^>]*type="module"[^>]*>)([\s\S]*?)<\/script>/;
// Its loader data, streamed as scripts after them (one per chunk, then close).
const STREAM_SCRIPTS =
  /<script[^>]*>(window\.__reactRouterContext\.streamController\.[\s\S]*?)<\/script>/g;
// How its context script ends: the stream those scripts fill.
const STREAM_OPEN =
  "window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());";
const STREAM_CHUNK =
  /^window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\\n]|\\.)*")\);$/;
const STREAM_CLOSE = "window.__reactRouterContext.streamController.close();";

/**
 * The loader data's chunks, as one JavaScript expression (their string
 * literals joined by +), when the context script opens React Router's stream
 * and the data scripts only fill and close it; undefined otherwise.
 */
function dataChunks(context: string, data: string[]): string | undefined {
  if (!context.endsWith(STREAM_OPEN) || data.at(-1) !== STREAM_CLOSE) {
    return undefined;
  }
  const chunks: string[] = [];
  for (const script of data.slice(0, -1)) {
    const literal = STREAM_CHUNK.exec(script)?.[1];
    if (literal === undefined) return undefined;
    chunks.push(literal);
  }
  return chunks.length > 0 ? chunks.join("+") : '""';
}
/**
 * The CSP sources of a document's inline code (docs/decisions/025): the hash
 * of each inline script and style element the renderer itself wrote, and of
 * the module script the boot script adds. The page cache sends a kept page
 * under these in place of a nonce, so the page is the same bytes for every
 * visitor. Nothing else found in the HTML is named: a script that reached the
 * page through content must stay refused (decision 027).
 */
export interface InlineSources {
  scripts: string[];
  styles: string[];
}

/** A document painted first, and the sources its inline code needs. */
export interface PaintedDocument {
  html: string;
  sources: InlineSources;
  /** The pieces this page of the app should have had and did not: sent as they were. */
  missing: DocumentPiece[];
}

function sourceHash(text: string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

export interface PaintFirstOptions {
  /** This response's CSP nonce. */
  nonce: string;
  /** The parsed stylesheet at an href, when it can be read. */
  stylesheet?: (href: string) => Stylesheet | undefined;
  /** The document's JSON-LD (addStructuredData), written into its head. */
  structuredData?: ReadonlyArray<JsonLdObject>;
}

/** JSON that is safe inside an inline <script>. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

const MANIFEST_JSON = /(window\.__reactRouterManifest = )(\{[\s\S]*?\});\n/;

/**
 * React Router's manifest is indented JSON: the same without the indents,
 * and without the route flags that are false, is smaller. The browser's
 * router asks each flag only whether it is true, so an absent one reads
 * the same. Undefined when the module script holds no manifest in that form.
 */
function compactManifest(code: string): string | undefined {
  const match = MANIFEST_JSON.exec(code);
  if (!match) return undefined;
  const [whole, assignment = "", json = ""] = match;
  try {
    const manifest = JSON.stringify(JSON.parse(json), (key, value: unknown) =>
      /^has[A-Z]/.test(key) && value === false ? undefined : value,
    );
    const compact = `${assignment}${manifest};\n`;
    return code.replace(whole, () => compact);
  } catch {
    return undefined;
  }
}

/** React Router's context script, which a page of the app always has. */
const ROUTER_CONTEXT = "window.__reactRouterContext";

/**
 * Makes the document paint from its HTML and CSS alone:
 * - the stylesheet link becomes an inline, nonce'd <style> with only the
 *   rules this document can use (the full sheet loads after the first paint);
 * - the manifest link leaves the document (React puts it back on hydration);
 * - React Router's module preloads leave the document, and its module script
 *   is emptied (kept in place, so hydration finds the element it renders);
 *   both are handed to the boot script, appended to React Router's context
 *   script, which starts them after the first paint or the first interaction;
 * - the loader data scripts join that script too (one inline script, one hash).
 * A document without React Router's context (an error page rendered without
 * its scripts) keeps whatever it has. A page of the app that lacks any other
 * piece is sent with that piece as rendered, and names it in `missing`.
 */
export function paintFirst(
  html: string,
  options: PaintFirstOptions,
): PaintedDocument {
  const scripts = ROUTER_SCRIPTS.exec(html);
  // Not a page of the app (an error page rendered without React Router's
  // scripts): it is sent under its nonce, and names nothing by hash.
  if (!scripts) {
    return {
      html,
      sources: { scripts: [], styles: [] },
      missing: html.includes(ROUTER_CONTEXT) ? ["router scripts"] : [],
    };
  }
  const missing: DocumentPiece[] = [];
  const [whole, contextOpen = "", context = "", moduleOpen = "", code = ""] =
    scripts;

  let stylesheet: string | null = null;
  let css: string | undefined;
  let out = html;
  const link = STYLESHEET.exec(out);
  const sheet = link?.[1] ? options.stylesheet?.(link[1]) : undefined;
  if (!link) missing.push("stylesheet link");
  else if (!sheet) missing.push("stylesheet");
  if (link?.[1] && sheet) {
    stylesheet = link[1];
    css = usedCss(sheet, documentClasses(html), documentTags(html)).replace(
      /<\/style/gi,
      "<\\/style",
    );
    out = out.replace(
      link[0],
      () => `<style nonce="${options.nonce}" data-used-css>${css}</style>`,
    );
  }

  const preloads = [
    ...new Set([...out.matchAll(MODULE_PRELOAD)].map((match) => match[1])),
  ].filter((href): href is string => href !== undefined);
  if (preloads.length === 0) missing.push("module preloads");
  if (!MANIFEST.test(out)) missing.push("manifest link");
  out = out.replace(MODULE_PRELOAD, "").replace(MANIFEST, "");

  const jsonLd = options.structuredData ?? [];
  if (jsonLd.length > 0 && !out.includes("</head>")) missing.push("head end");
  else if (jsonLd.length > 0) {
    const json = scriptJson(jsonLd.length === 1 ? jsonLd[0] : jsonLd);
    out = out.replace(
      "</head>",
      () => `<script type="application/ld+json">${json}</script></head>`,
    );
  }

  // React Router's manifest (in its module script) names each route's and
  // the entry's module; the other preloads are the code they share. All but
  // the entry, which starts hydrating as it runs, are run ahead of the module
  // script, one per task: the shared code first, then the routes' modules
  // in the manifest's order (the root's first). Should the manifest's form
  // change, nothing is run ahead.
  const named = [
    ...new Set(
      [...code.matchAll(/"module":\s*"([^"]+)"/g)].map((match) => match[1]),
    ),
  ].filter((href): href is string => href !== undefined);
  const entry = /"entry":\s*\{\s*"module":\s*"([^"]+)"/.exec(code)?.[1];
  const compact = compactManifest(code);
  // The entry is one of the modules named, so finding it finds them too.
  if (entry === undefined || compact === undefined) {
    missing.push("route manifest");
  }
  const ahead =
    entry === undefined
      ? []
      : [
          ...preloads.filter((href) => !named.includes(href)),
          ...named.filter((href) => href !== entry && preloads.includes(href)),
        ];
  const config: BootConfig = {
    code: compact ?? code,
    preloads: [...ahead, ...preloads.filter((href) => !ahead.includes(href))],
    ahead: ahead.length,
    stylesheet,
    fallbackImage: FALLBACK_POST_IMAGE,
  };
  const data = [...out.matchAll(STREAM_SCRIPTS)].map((match) => match[1] ?? "");
  // The data stream always ends with a script that closes it.
  if (!data.some((script) => script.includes("streamController.close()"))) {
    missing.push("loader data");
  }
  out = out.replace(STREAM_SCRIPTS, "");
  // The boot script makes the stream from the data when React Router first
  // reads it; should their shape change, React Router's own scripts stay.
  const chunks = dataChunks(context, data);
  if (chunks === undefined) missing.push("data stream");
  const before =
    chunks === undefined
      ? [context, ...data].join("")
      : context.slice(0, -STREAM_OPEN.length);
  const bootText = `${before};(${bootScript})(${scriptJson(config)}${chunks === undefined ? "" : `,${chunks}`})`;
  out = out.replace(
    whole,
    () => `${contextOpen}${bootText}</script>${moduleOpen}</script>`,
  );
  return {
    html: out,
    sources: {
      scripts: [sourceHash(config.code), sourceHash(bootText)],
      styles: css === undefined ? [] : [sourceHash(css)],
    },
    missing,
  };
}

/** paintFirst with the stylesheet of the build the server serves. */
export function paintFirstFromBuild(
  html: string,
  nonce: string,
  structuredData?: ReadonlyArray<JsonLdObject>,
): PaintedDocument {
  return paintFirst(html, {
    nonce,
    stylesheet: builtStylesheet,
    structuredData,
  });
}
