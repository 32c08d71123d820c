// Post content is stored HTML, edited outside the site: it is reduced to an
// allow-list before it reaches a page, so nothing in it can run (no scripts,
// no event handlers, no javascript: URLs, no styles or frames).
import sanitizeHtml from "sanitize-html";

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter(
      (tag) => !["main", "nav", "header", "footer"].includes(tag),
    ),
    "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    // loading and decoding are set below; the allow-list is checked after transformTags.
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
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
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === "_blank"
          ? { ...attribs, rel: "noopener noreferrer" }
          : attribs,
    }),
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, loading: "lazy", decoding: "async" },
    }),
  },
};

/** The stored HTML of a post, safe to render. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, options);
}
