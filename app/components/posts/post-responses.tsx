// Under a post, while the social web is on (decision 061): the handle to
// follow, the likes and boosts as counts, and the replies the owner
// approved, with their authors' names, pictures the site keeps itself (a
// reader's browser never asks another server), and links to the originals.
// Plain server-rendered HTML; only "Copy handle" wants a script (an island).
import { PreparedNotice } from "~/components/ui/page-notices";
import type { PostResponses as Responses } from "~/data/fediverse-responses.server";
import { useIsland } from "~/lib/document-head";

/** The head's link to a page's activity JSON (decision 061). */
export function activityLink(href: string) {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/activity+json",
    href,
  } as const;
}

/**
 * The handle to follow, and "Copy handle": the share island's copy (loaded
 * at the first click; app/islands/share.ts), with notices of its own. If
 * the island never comes, the page script's notice gives the handle to copy
 * by hand, as the text above it does.
 */
export function FollowHandle({ handle }: { handle: string }) {
  const island = useIsland("share", "intent");
  return (
    <div className="follow-handle">
      <p>
        Follow <code className="select-all">{handle}</code> from Mastodon or
        another fediverse service.
      </p>
      <button
        type="button"
        data-copy={handle}
        data-copied="handle-copied"
        data-not-copied="handle-not-copied"
        {...island}
      >
        Copy handle
      </button>
      <PreparedNotice
        name="handle-copied"
        notice={{ title: "Handle copied", description: "" }}
      />
      <PreparedNotice
        name="handle-not-copied"
        notice={{
          title: "Could not copy the handle",
          description: "Copy it from here: ",
          variant: "destructive",
        }}
      />
    </div>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join("")
    .slice(0, 2)
    .toUpperCase();

export function PostResponses({
  handle,
  responses,
}: {
  handle: string;
  responses: Responses;
}) {
  const { replies, likes, boosts } = responses;
  return (
    <section aria-labelledby="responses-heading" className="post-responses">
      <h2 id="responses-heading">Responses</h2>
      <FollowHandle handle={handle} />
      {likes + boosts > 0 ? (
        <p>
          {likes} {likes === 1 ? "like" : "likes"} · {boosts}{" "}
          {boosts === 1 ? "boost" : "boosts"}
        </p>
      ) : null}
      {replies.length > 0 ? (
        <ol>
          {replies.map((reply) => (
            <li key={reply.id}>
              <p>
                {reply.avatar ? (
                  <img src={reply.avatar} alt="" width={32} height={32} />
                ) : (
                  <span aria-hidden="true">{initials(reply.actorName)}</span>
                )}{" "}
                <strong>{reply.actorName}</strong>{" "}
                {reply.actorHandle ? <span>{reply.actorHandle}</span> : null}
              </p>
              <div
                // Sanitised when it arrived (server/fediverse/responses.ts).
                dangerouslySetInnerHTML={{ __html: reply.contentHtml }}
              />
              {reply.url ? (
                <p>
                  <a href={reply.url} rel="nofollow ugc noopener">
                    The original
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
