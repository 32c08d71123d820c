import type { ContentsEntry } from "~/lib/post-contents.server";

/**
 * A long post's contents: its H2 and H3 headings as plain fragment links
 * (they work without JavaScript). Before the body on narrow screens, beside
 * it on wide ones (`.post-contents` in site.css).
 */
export function PostContents({ headings }: { headings: ContentsEntry[] }) {
  return (
    <nav
      id="contents"
      aria-labelledby="contents-heading"
      className="post-contents"
    >
      <h2 id="contents-heading">Contents</h2>
      <ol>
        {headings.map((heading) => (
          <li key={heading.id} data-level={heading.level}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
