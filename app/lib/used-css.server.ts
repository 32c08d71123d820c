// The part of the site's stylesheet one document uses, to inline in its
// <head> so the first paint waits for no stylesheet request (decision 039).
// Tailwind writes one flat, minified sheet: utility rules keyed by class,
// grouped in @layer, @media and @supports blocks. A rule is kept when some
// selector in its list can match the document, judged by the classes and
// element types it names (and, for the parts of date, number and file
// fields, such an input); a selector that names none (:root, attributes,
// other pseudo-elements) keeps its rule.
import { readFileSync } from "node:fs";
import path from "node:path";

import { parseStylesheet } from "./css-parse.server";
import type { CssNode, Stylesheet } from "./css-parse.server";
import { inputKinds } from "./css-selectors.server";
import type { SelectorNeeds } from "./css-selectors.server";

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

/** Every class named in the document's class attributes (HTML and SVG). */
export function documentClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = (match[1] ?? "").replace(
      /&(?:#(\d+)|#x([0-9a-fA-F]+)|(\w+));/g,
      (entity, decimal, hex, name) =>
        decimal
          ? String.fromCodePoint(Number(decimal))
          : hex
            ? String.fromCodePoint(Number.parseInt(hex as string, 16))
            : (ENTITIES[name as string] ?? entity),
    );
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** What a document has: its classes and, when known, its element types. */
export interface DocumentNames {
  classes: Set<string>;
  /** Lowercase; when absent, any element is taken to be there. */
  tags?: Set<string>;
}

/**
 * Every element type the document's markup opens, lowercase; a table's
 * tbody too, which the browser adds when the markup leaves it out; and
 * each kind of input with parts of its own (`input[date]`, …: inputKinds).
 */
export function documentTags(html: string): Set<string> {
  const tags = new Set<string>();
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)/g)) {
    const tag = (match[1] ?? "").toLowerCase();
    tags.add(tag);
    if (tag !== "input") continue;
    const type = /\stype=["']?([\w-]+)/i.exec(match[2] ?? "")?.[1] ?? "";
    for (const kind of inputKinds(type)) tags.add(kind);
  }
  if (tags.has("table")) tags.add("tbody");
  return tags;
}

function matches(
  needs: SelectorNeeds[] | null,
  { classes, tags }: DocumentNames,
): boolean {
  return (
    needs === null ||
    needs.some(
      (needed) =>
        needed.classes.every((name) => classes.has(name)) &&
        (!tags || needed.tags.every((name) => tags.has(name))),
    )
  );
}

const VARIABLE = /--[\w-]+/g;

/**
 * The custom properties the kept rules use, and those their values use in
 * turn: the theme declares every colour and size the whole site uses, and
 * Tailwind an @property for each of its own, most of them unused on a page.
 */
function usedVariables(nodes: CssNode[], names: DocumentNames): Set<string> {
  const used = new Set<string>();
  const carriers: Array<{ name: string; text: string }> = [];
  const visit = (list: CssNode[]) => {
    for (const node of list) {
      if (node.kind === "group") visit(node.children);
      else if (node.kind === "variables") {
        if (matches(node.needs, names)) carriers.push(...node.declarations);
      } else if (node.kind === "rule") {
        if (!matches(node.needs, names)) continue;
        for (const [name] of node.text.matchAll(VARIABLE)) used.add(name);
      } else if (node.kind !== "property") {
        for (const [name] of node.text.matchAll(VARIABLE)) used.add(name);
      }
    }
  };
  visit(nodes);
  for (let grew = true; grew;) {
    grew = false;
    for (const declaration of carriers) {
      if (!used.has(declaration.name)) continue;
      for (const [name] of declaration.text.matchAll(VARIABLE)) {
        if (!used.has(name)) {
          used.add(name);
          grew = true;
        }
      }
    }
  }
  return used;
}

function serialize(
  nodes: CssNode[],
  names: DocumentNames,
  variables: Set<string>,
): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "statement" || node.kind === "verbatim") {
      out += node.text;
    } else if (node.kind === "rule") {
      if (matches(node.needs, names)) out += node.text;
    } else if (node.kind === "variables") {
      if (!matches(node.needs, names)) continue;
      const kept = node.declarations.filter((declaration) =>
        variables.has(declaration.name),
      );
      if (kept.length > 0) {
        out += `${node.prelude}{${kept.map((declaration) => declaration.text).join(";")}}`;
      }
    } else if (node.kind === "property") {
      if (variables.has(node.name)) out += node.text;
    } else {
      const inner = serialize(node.children, names, variables);
      if (inner) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

/**
 * The rules of `sheet` that can apply to a document with these classes (and
 * these element types, when given).
 */
export function usedCss(
  sheet: Stylesheet,
  classes: Set<string>,
  tags?: Set<string>,
): string {
  const names = { classes, tags };
  return serialize(sheet.nodes, names, usedVariables(sheet.nodes, names));
}

const sheets = new Map<string, Stylesheet | null>();

/**
 * The built stylesheet at `href` (e.g. /assets/app-[hash].css), parsed once,
 * read from the client build the server serves (BUILD_DIR, as
 * server/main.ts); undefined when there is none (the dev server).
 */
export function builtStylesheet(href: string): Stylesheet | undefined {
  if (!sheets.has(href)) {
    const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
    const file = path.join(clientDir, path.normalize(href));
    let sheet: Stylesheet | null = null;
    if (/^\/assets\/[\w.-]+\.css$/.test(href) && file.startsWith(clientDir)) {
      try {
        sheet = parseStylesheet(readFileSync(file, "utf8"));
      } catch {
        sheet = null;
      }
    }
    sheets.set(href, sheet);
  }
  return sheets.get(href) ?? undefined;
}
