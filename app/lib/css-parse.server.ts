// The site's built stylesheet parsed once into the rules, groups and theme
// variables used-css prunes per document (decision 039).
import { selectorNeeds, skipString, splitList } from "./css-selectors.server";
import type { SelectorNeeds } from "./css-selectors.server";

export type CssNode =
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

export interface Stylesheet {
  nodes: CssNode[];
}

const GROUPS = /^@(layer|media|supports|container|scope|starting-style)\b/;

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
