import { useSyncExternalStore } from "react";

import { Icon } from "~/lib/icons";
import type { IconName } from "~/lib/icons";

/**
 * Share links as plain links: nothing of LinkedIn, X or Facebook loads
 * until a reader clicks one. "Copy link" and the system share sheet (where
 * the browser has one) load their few lines when first pressed.
 */
export function SharePost({ url, title }: { url: string; title: string }) {
  const encodedUrl = encodeURIComponent(url);
  const encodedTitle = encodeURIComponent(title);
  const links: Array<{ name: string; icon: IconName; href: string }> = [
    {
      name: "LinkedIn",
      icon: "LinkedIn",
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodedUrl}`,
    },
    {
      name: "X",
      icon: "XLogo",
      href: `https://x.com/intent/post?url=${encodedUrl}&text=${encodedTitle}`,
    },
    {
      name: "Facebook",
      icon: "Facebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
    },
  ];
  const canShare = useSystemShare();
  return (
    <section aria-labelledby="share-heading" className="share-post">
      <h2 id="share-heading">Share this post</h2>
      <ul>
        {links.map((link) => (
          <li key={link.name}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              <Icon name={link.icon} aria-hidden="true" />
              <span className="sr-only">Share on </span>
              {link.name}
            </a>
          </li>
        ))}
        <li>
          <a href={`mailto:?subject=${encodedTitle}&body=${encodedUrl}`}>
            <Icon name="Mail" aria-hidden="true" />
            <span className="sr-only">Share by </span>
            Email
          </a>
        </li>
        <li>
          <button
            type="button"
            onClick={() =>
              void import("./share-actions").then(({ copyLink }) =>
                copyLink(url),
              )
            }
          >
            <Icon name="Link" aria-hidden="true" />
            Copy link
          </button>
        </li>
        {canShare ? (
          <li>
            <button
              type="button"
              onClick={() =>
                void import("./share-actions").then(({ shareLink }) =>
                  shareLink(url, title),
                )
              }
            >
              <Icon name="Share2" aria-hidden="true" />
              Share…
            </button>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

const subscribeNever = () => () => {};

/** Whether the browser has a system share sheet; false in the server's HTML. */
function useSystemShare(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => typeof navigator.share === "function",
    () => false,
  );
}
