// The part of the site's stylesheet one document uses, to inline in its
// <head> so the first paint waits for no stylesheet request (decision 039).
// Tailwind writes one flat, minified sheet: utility rules keyed by class,
// grouped in @layer, @media and @supports blocks. A rule is kept when some
// selector in its list can match the document, judged by the classes it
// names; rules that name no class (elements, :root, attributes) are kept.
import { readFileSync } from "node:fs";
import path from "node:path";

type CssNode =
  /** `@layer a, b;` and the like. */
  | { kind: "statement"; text: string }
  /** @layer, @media, @supports…: kept when something inside is. */
  | { kind: "group"; prelude: string; children: CssNode[] }
  /** A style rule; `needs` lists, per selector, the classes and elements it requires (null: always kept). */
  | { kind: "rule"; text: string; needs: SelectorNeeds[] | null }
  /** A rule that only sets custom properties (the theme): kept declaration by declaration. */
  | {
      kind: "variables";
      prelude: string;
      needs: SelectorNeeds[] | null;
      declarations: Array<{ name: string; text: string }>;
    }
  /** `@property --name {…}`: kept when the property is used. */
  | { kind: "property"; name: string; text: string }
  /** @keyframes, @property, @font-face: kept as they are. */
  | { kind: "verbatim"; text: string };

/** What one selector needs in a document to match: classes, and element types (lowercase). */
interface SelectorNeeds {
  classes: string[];
  tags: string[];
}

export interface Stylesheet {
  nodes: CssNode[];
}

const GROUPS = /^@(layer|media|supports|container|scope|starting-style)\b/;

/** Index just past the string that starts at `start` (a quote). */
function skipString(css: string, start: number): number {
  const quote = css[start];
  let i = start + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** Index of the `}` that closes the block opened just before `start`. */
function blockEnd(css: string, start: number): number {
  let depth = 1;
  let i = start;
  while (i < css.length) {
    const char = css[i];
    if (char === "\\") i += 2;
    else if (char === '"' || char === "'") i = skipString(css, i);
    else {
      if (char === "{") depth += 1;
      if (char === "}" && (depth -= 1) === 0) return i;
      i += 1;
    }
  }
  return css.length;
}

function parseBlock(css: string, start: number): [CssNode[], number] {
  const nodes: CssNode[] = [];
  let preludeStart = start;
  let i = start;
  while (i < css.length) {
    const char = css[i];
    if (char === "\\") {
      i += 2;
    } else if (char === '"' || char === "'") {
      i = skipString(css, i);
    } else if (char === "/" && css[i + 1] === "*") {
      // A comment between rules (Tailwind's licence line) is dropped.
      const before = css.slice(preludeStart, i).trim();
      const end = css.indexOf("*/", i + 2);
      i = end === -1 ? css.length : end + 2;
      if (before === "") preludeStart = i;
    } else if (char === ";") {
      const text = css.slice(preludeStart, i).trim();
      if (text) nodes.push({ kind: "statement", text: `${text};` });
      i += 1;
      preludeStart = i;
    } else if (char === "{") {
      const prelude = css.slice(preludeStart, i).trim();
      if (GROUPS.test(prelude)) {
        const [children, end] = parseBlock(css, i + 1);
        nodes.push({ kind: "group", prelude, children });
        i = end + 1;
      } else {
        const end = blockEnd(css, i + 1);
        nodes.push(leafNode(prelude, css.slice(i + 1, end)));
        i = end + 1;
      }
      preludeStart = i;
    } else if (char === "}") {
      return [nodes, i];
    } else {
      i += 1;
    }
  }
  return [nodes, i];
}

const CUSTOM_PROPERTY = /^\s*(--[\w-]+)\s*:/;

function leafNode(prelude: string, body: string): CssNode {
  const text = `${prelude}{${body}}`;
  const property = /^@property\s+(--[\w-]+)$/.exec(prelude);
  if (property?.[1]) return { kind: "property", name: property[1], text };
  if (prelude.startsWith("@")) return { kind: "verbatim", text };
  const needs = selectorNeeds(prelude);
  const declarations = splitList(body, ";")
    .filter((declaration) => declaration.trim() !== "")
    .map((declaration) => ({
      name: CUSTOM_PROPERTY.exec(declaration)?.[1] ?? "",
      text: declaration,
    }));
  // Only rules that apply everywhere (the theme on :root, Tailwind's
  // defaults on *): a utility that sets a variable is kept whole.
  if (
    needs === null &&
    declarations.length > 0 &&
    declarations.every((declaration) => declaration.name !== "")
  ) {
    return { kind: "variables", prelude, needs, declarations };
  }
  return { kind: "rule", text, needs };
}

/** Parses a stylesheet once; `usedCss` then prunes it per document. */
export function parseStylesheet(css: string): Stylesheet {
  return { nodes: parseBlock(css, 0)[0] };
}

/** Splits at commas (or `separator`) outside parentheses, brackets, strings and escapes. */
function splitList(text: string, separator = ","): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === "\\") i += 1;
    else if (char === '"' || char === "'") i = skipString(text, i) - 1;
    else if (char === "(" || char === "[") depth += 1;
    else if (char === ")" || char === "]") depth -= 1;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

function unescapeIdentifier(escaped: string): string {
  return escaped.replace(/\\(?:([0-9a-fA-F]{1,6}) ?|(.))/g, (_, hex, char) =>
    hex
      ? String.fromCodePoint(Number.parseInt(hex as string, 16))
      : (char as string),
  );
}

/**
 * The classes and element types one selector needs present in the document.
 * What `:not()` names is not needed, and an `:is()`/`:where()` list with
 * alternatives is skipped (kept whichever matches), so a rule is never
 * dropped wrongly.
 */
function namesOf(selector: string): SelectorNeeds {
  const needs: SelectorNeeds = { classes: [], tags: [] };
  // A type selector can only open a compound: at the start or after a combinator.
  let compoundStart = true;
  let i = 0;
  while (i < selector.length) {
    const char = selector[i] ?? "";
    const opens = compoundStart;
    compoundStart = false;
    if (char === "\\") {
      i += 2;
    } else if (char === "[") {
      // An attribute selector: skip to its unescaped end.
      while (i < selector.length && selector[i] !== "]") {
        if (selector[i] === '"' || selector[i] === "'")
          i = skipString(selector, i);
        else i += selector[i] === "\\" ? 2 : 1;
      }
      i += 1;
    } else if (char === ":" && /^:(not|is|where)\(/.test(selector.slice(i))) {
      const open = selector.indexOf("(", i);
      let depth = 1;
      let j = open + 1;
      while (j < selector.length && depth > 0) {
        if (selector[j] === "\\") j += 1;
        else if (selector[j] === "(") depth += 1;
        else if (selector[j] === ")") depth -= 1;
        j += 1;
      }
      const inner = selector.slice(open + 1, j - 1);
      if (!selector.startsWith(":not", i) && splitList(inner).length === 1) {
        const innerNeeds = namesOf(inner);
        needs.classes.push(...innerNeeds.classes);
        needs.tags.push(...innerNeeds.tags);
      }
      i = j;
    } else if (char === ".") {
      const match = /^(?:[\w-]|\\[0-9a-fA-F]{1,6} ?|\\.|[^\p{ASCII}])+/u.exec(
        selector.slice(i + 1),
      );
      if (match) {
        needs.classes.push(unescapeIdentifier(match[0]));
        i += 1 + match[0].length;
      } else {
        i += 1;
      }
    } else if (opens && /[a-zA-Z]/.test(char)) {
      const tag = /^[a-zA-Z][\w-]*/.exec(selector.slice(i))?.[0] ?? char;
      needs.tags.push(tag.toLowerCase());
      i += tag.length;
    } else if (char === "(") {
      // Another function's argument (:nth-child(odd), :lang(en)…) names no
      // element the document must have: skipped whole.
      let depth = 1;
      i += 1;
      while (i < selector.length && depth > 0) {
        if (selector[i] === "\\") i += 1;
        else if (selector[i] === "(") depth += 1;
        else if (selector[i] === ")") depth -= 1;
        i += 1;
      }
    } else {
      compoundStart = /[\s>+~]/.test(char);
      i += 1;
    }
  }
  return needs;
}

function selectorNeeds(selectorList: string): SelectorNeeds[] | null {
  const needs = splitList(selectorList).map(namesOf);
  return needs.some(
    (selector) => selector.classes.length === 0 && selector.tags.length === 0,
  )
    ? null
    : needs;
}

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
 * tbody too, which the browser adds when the markup leaves it out.
 */
export function documentTags(html: string): Set<string> {
  const tags = new Set<string>();
  for (const match of html.matchAll(/<([a-zA-Z][\w-]*)/g)) {
    tags.add((match[1] ?? "").toLowerCase());
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
