import { PreparedNotice } from "~/components/ui/page-notices";
import { useIsland } from "~/lib/document-head";
import { Icon } from "~/lib/icons";
import type { ShareLink } from "~/lib/share-links.server";

/**
 * Share links as plain links (share-links.server.ts): nothing of LinkedIn,
 * X or Facebook loads until a reader clicks one. "Copy link" and the system
 * share sheet (shown where the browser has one) are an island loaded at the
 * first click on either (app/islands/share.ts), with their notices prepared
 * here.
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
  const island = useIsland("share", "intent");
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
          <button type="button" data-copy={url} {...island}>
            <Icon name="Link" />
            Copy link
          </button>
        </li>
        <li hidden>
          <button type="button" data-share={url} data-title={title} {...island}>
            <Icon name="Share2" />
            Share…
          </button>
        </li>
      </ul>
      <PreparedNotice
        name="copied"
        notice={{ title: "Link copied", description: "" }}
      />
      <PreparedNotice
        name="not-copied"
        notice={{
          title: "Could not copy the link",
          description: "Copy it from here: ",
          variant: "destructive",
        }}
      />
    </section>
  );
}
