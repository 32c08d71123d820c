import { useSyncExternalStore } from "react";

import { onServer, subscribeNever } from "~/lib/first-load";
import { Icon } from "~/lib/icons";
import type { ShareLink } from "~/lib/share-links.server";

/**
 * Share links as plain links (share-links.server.ts): nothing of LinkedIn,
 * X or Facebook loads until a reader clicks one. "Copy link" and the system
 * share sheet (where the browser has one) load their few lines when first
 * pressed.
 */
export function SharePost({
  url,
  title,
  links,
}: {
  url: string;
  title: string;
  links: ShareLink[];
}) {
  const canShare = useSyncExternalStore(
    subscribeNever,
    () => typeof navigator.share === "function",
    onServer,
  );
  const act = (share: boolean) =>
    void import("./share-actions").then((actions) =>
      share ? actions.shareLink(url, title) : actions.copyLink(url),
    );
  return (
    <section aria-labelledby="share-heading" className="share-post">
      <h2 id="share-heading">Share this post</h2>
      <ul>
        {links.map((link) => (
          <li key={link.name}>
            <a
              href={link.href}
              target={link.newTab ? "_blank" : undefined}
              rel={link.newTab ? "noopener noreferrer" : undefined}
            >
              <Icon name={link.icon} />
              <span className="sr-only">{link.lead}</span>
              {link.name}
            </a>
          </li>
        ))}
        <li>
          <button type="button" onClick={() => act(false)}>
            <Icon name="Link" />
            Copy link
          </button>
        </li>
        {canShare ? (
          <li>
            <button type="button" onClick={() => act(true)}>
              <Icon name="Share2" />
              Share…
            </button>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
