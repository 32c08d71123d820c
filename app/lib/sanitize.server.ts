// Post content is stored HTML, edited outside the site: it is reduced to an
// allow-list before it reaches a page, so nothing in it can run (no scripts,
// no event handlers, no javascript: URLs, no styles or frames).
import sanitizeHtml from "sanitize-html";

import { responsiveImage } from "./media";

/** A post's body is at most 48rem wide (max-w-3xl); its images fill it. */
export const POST_BODY_IMAGE_SIZES = "(min-width: 48rem) 48rem, 100vw";

const NORMAL_WEIGHT = /font-weight:\s*(normal|[1-4]00)\b/i;

// Word writes a list item's bullet or number as text between these markers,
// for programs without lists: it is not the item's content.
const WORD_LIST_MARKER = /<!\[if !supportLists\]>[\s\S]*?<!\[endif\]>/gi;

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    // A span without its styles says nothing; a word processor's HTML is
    // full of them. Its text stays.
    ...sanitizeHtml.defaults.allowedTags.filter(
      (tag) => !["main", "nav", "header", "footer", "span"].includes(tag),
    ),
    "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    // loading and decoding are set below; the allow-list is checked after transformTags.
    img: [
      "src",
      "srcset",
      "sizes",
      "alt",
      "title",
      "width",
      "height",
      "loading",
      "decoding",
    ],
    time: ["datetime"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    ol: ["start", "reversed"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    // The page's title is its one <h1>.
    h1: "h2",
    // Google Docs wraps what it copies in <b style="font-weight:normal">:
    // the wrapper goes (its content stays), or the whole post would be bold.
    b: (tagName, attribs) =>
      NORMAL_WEIGHT.test(attribs.style ?? "")
        ? { tagName: "span", attribs: {} }
        : { tagName, attribs },
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === "_blank"
          ? { ...attribs, rel: "noopener noreferrer" }
          : attribs,
    }),
    img: (tagName, attribs) => {
      // A body's images are below its title and hero: loaded when scrolled near.
      const lazy = { loading: "lazy", decoding: "async" };
      const image = responsiveImage(attribs.src ?? "");
      if (!image) {
        const kept: sanitizeHtml.Attributes = { ...attribs, ...lazy };
        delete kept.srcset;
        delete kept.sizes;
        return { tagName, attribs: kept };
      }
      // An uploaded image gets every variant and its real size, so the page
      // keeps its place (no layout shift). A fixed order makes sanitising
      // twice (on save, then on display) give the same HTML.
      const { alt, title } = attribs;
      return {
        tagName,
        attribs: {
          src: image.src,
          srcset: image.srcSet,
          sizes: POST_BODY_IMAGE_SIZES,
          width: String(image.width),
          height: String(image.height),
          ...(alt === undefined ? {} : { alt }),
          ...(title === undefined ? {} : { title }),
          ...lazy,
        },
      };
    },
  },
};

const IMG = /<img\b[^>]*>/g;
const SRC = /\ssrc="([^"]*)"/;

/**
 * Offers an uploaded image's AVIF and WebP variants before its JPEGs. Runs on
 * the sanitiser's own output, whose attributes are always double-quoted and
 * escaped; any <picture> in the input was already dropped around its <img>.
 */
function withModernFormats(html: string): string {
  return html.replace(IMG, (img) => {
    const image = responsiveImage(SRC.exec(img)?.[1] ?? "");
    if (!image) return img;
    const sources = image.sources
      .map(
        (source) =>
          `<source type="${source.type}" srcset="${source.srcSet}" sizes="${POST_BODY_IMAGE_SIZES}" />`,
      )
      .join("");
    return `<picture>${sources}${img}</picture>`;
  });
}

/** The stored HTML of a post, safe to render. */
export function sanitizePostHtml(html: string): string {
  return withModernFormats(
    sanitizeHtml(html.replace(WORD_LIST_MARKER, ""), options),
  );
}
