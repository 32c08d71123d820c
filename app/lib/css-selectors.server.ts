// What a selector needs in a document to match, read from Tailwind's flat
// output: the classes and element types it names (used-css keeps a rule
// only when the document has them).

/** What one selector needs in a document to match: classes, and element types (lowercase). */
export interface SelectorNeeds {
  classes: string[];
  tags: string[];
}

/** Index just past the string that starts at `start` (a quote). */
export function skipString(css: string, start: number): number {
  const quote = css[start];
  let i = start + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** Splits at commas (or `separator`) outside parentheses, brackets, strings and escapes. */
export function splitList(text: string, separator = ","): string[] {
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

const DATE_TYPES = ["date", "datetime-local", "month", "time", "week"];

/**
 * Pseudo-elements that exist only inside some kinds of <input>, the input
 * types that have them, and the name a selector needs for them, which
 * documentTags gives a document with such an input (inputKinds; a bracket
 * no tag name can have): the reset's date, number and file rules stay out
 * of pages without those fields.
 */
const INPUT_PARTS: ReadonlyArray<{
  part: RegExp;
  types: readonly string[];
  input: string;
}> = [
  {
    part: /^::-webkit-(?:datetime-edit|date-and-time-value|calendar-picker-indicator)/,
    types: DATE_TYPES,
    input: "input[date]",
  },
  {
    part: /^::-webkit-(?:inner|outer)-spin-button/,
    types: ["number", ...DATE_TYPES],
    input: "input[number]",
  },
  { part: /^::file-selector-button/, types: ["file"], input: "input[file]" },
];

/** The names INPUT_PARTS needs that an <input> of `type` gives its document. */
export function inputKinds(type: string): string[] {
  const lower = type.toLowerCase();
  return INPUT_PARTS.filter(({ types }) => types.includes(lower)).map(
    ({ input }) => input,
  );
}

/** When `text` opens with one of INPUT_PARTS: the input it belongs to, and its length. */
function inputPart(
  text: string,
): { input: string; length: number } | undefined {
  for (const { part, input } of INPUT_PARTS) {
    const match = part.exec(text);
    if (match) return { input, length: match[0].length };
  }
  return undefined;
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
    const part = char === ":" ? inputPart(selector.slice(i)) : undefined;
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
    } else if (part) {
      needs.tags.push(part.input);
      i += part.length;
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

/** Per selector of a list, what it needs; null when one needs nothing (the rule is always kept). */
export function selectorNeeds(selectorList: string): SelectorNeeds[] | null {
  const needs = splitList(selectorList).map(namesOf);
  return needs.some(
    (selector) => selector.classes.length === 0 && selector.tags.length === 0,
  )
    ? null
    : needs;
}
