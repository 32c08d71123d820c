// A post's contents: its H2 and H3 headings get ids from their text, so a
// reader can link to a section and the contents list can jump to it. The ids
// are worked out each time the post is shown, from the sanitised HTML, so
// they depend on nothing but the headings' text: re-saving a post keeps them
// as long as its headings read the same. Without JavaScript the links are
// plain fragment links.
import { decodeHTML } from "entities";

/** A heading the contents list names. */
export interface ContentsEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

/** A post shows its contents from this many headings. */
export const CONTENTS_MIN_HEADINGS = 3;

/** Ids the post page uses itself: a heading never takes one. */
export const PAGE_IDS = [
  "main-content",
  "header-search",
  "mobile-menu",
  "mobile-menu-title",
  "post-title",
  "contents",
  "contents-heading",
  "share-heading",
  "where-next-heading",
  "related-posts-heading",
] as const;

const MAX_ID_LENGTH = 64;

/** The text of sanitised HTML: its tags dropped, its character references read. */
export function htmlText(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * An id from a heading's text: lower case, letters and digits of any script
 * kept (with their accents and vowel signs), everything else a single dash;
 * 'section' when nothing is left; '-2', '-3'… when `taken` has it already.
 * The id is added to `taken`.
 */
export function headingId(text: string, taken: Set<string>): string {
  const words = text
    .normalize("NFC")
    .toLowerCase()
    .match(/[\p{L}\p{M}\p{N}]+/gu);
  const base =
    Array.from((words ?? []).join("-"))
      .slice(0, MAX_ID_LENGTH)
      .join("")
      .replace(/-+$/, "") || "section";
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

const HEADING = /<h([23])>([\s\S]*?)<\/h\1>/g;

/**
 * Gives every H2 and H3 of sanitised post HTML (which carries no attributes
 * on headings: app/lib/sanitize.server.ts) its id and a link to itself, and
 * lists them in order.
 */
export function anchorHeadings(html: string): {
  html: string;
  headings: ContentsEntry[];
} {
  const taken = new Set<string>(PAGE_IDS);
  const headings: ContentsEntry[] = [];
  const anchored = html.replace(HEADING, (_, level: string, inner: string) => {
    const text = htmlText(inner);
    const id = headingId(text, taken);
    headings.push({ id, text, level: level === "2" ? 2 : 3 });
    return `<h${level} id="${id}">${inner}<a class="heading-anchor" href="#${id}" aria-label="Link to this section">#</a></h${level}>`;
  });
  return { html: anchored, headings };
}
