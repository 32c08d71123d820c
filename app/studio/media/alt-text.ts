// Every image placed in a post needs alt text (the studio refuses to save a
// body with one that has none). Reads sanitised HTML (sanitizePostHtml's
// output), whose attributes are always double-quoted.

const IMG = /<img\b[^>]*>/g;

/** The src of each image in `html` whose alt text is missing or blank. */
export function imagesMissingAlt(html: string): string[] {
  return [...html.matchAll(IMG)]
    .filter(([img]) => !/\salt="\s*[^"\s]/.test(img))
    .map(([img]) => /\ssrc="([^"]*)"/.exec(img)?.[1] ?? "");
}
