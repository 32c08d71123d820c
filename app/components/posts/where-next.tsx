import type { WhereNext as WhereNextPosts } from "~/data/where-next.server";

import { PostCard } from "./post-card";

/**
 * The end of a post: the posts before and after it by date, then up to
 * three related ones, as the Content Hub's cards.
 */
export function WhereNext({ posts }: { posts: WhereNextPosts }) {
  const { previous, next, related } = posts;
  const pair = [
    { label: "Previous post", post: previous },
    { label: "Next post", post: next },
  ];
  if (!previous && !next && related.length === 0) return null;
  return (
    <nav aria-labelledby="where-next-heading" className="where-next">
      <h2 id="where-next-heading">Keep reading</h2>
      {previous || next ? (
        <ul aria-label="Previous and next posts" className="where-next-pair">
          {pair.map(({ label, post }) =>
            post ? (
              <li key={label} data-next={post === next || undefined}>
                <p>{label}</p>
                <PostCard post={post} />
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      {related.length > 0 ? (
        <>
          <h3 id="related-posts-heading">Related posts</h3>
          <ul
            aria-labelledby="related-posts-heading"
            className="where-next-related"
          >
            {related.map((post) => (
              <li key={post.slug}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </nav>
  );
}
