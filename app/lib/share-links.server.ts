// A post's share links, built on the server so the page's JavaScript only
// draws them: plain links to each network's own share address, carrying the
// post's canonical URL (and its title where the address takes one).
import type { IconName } from "./icons";

export interface ShareLink {
  /** What it names: 'LinkedIn', 'Email'. */
  name: string;
  /** Before the name, for screen readers: 'Share on ', 'Share by '. */
  lead: string;
  icon: IconName;
  href: string;
  /** A network's page opens in a new tab; mail opens the mail program. */
  newTab: boolean;
}

export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  const network = (name: string, icon: IconName, href: string): ShareLink => ({
    name,
    lead: "Share on ",
    icon,
    href,
    newTab: true,
  });
  return [
    network(
      "LinkedIn",
      "LinkedIn",
      `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    ),
    network("X", "XLogo", `https://x.com/intent/post?url=${u}&text=${t}`),
    network(
      "Facebook",
      "Facebook",
      `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    ),
    {
      name: "Email",
      lead: "Share by ",
      icon: "Mail",
      href: `mailto:?subject=${t}&body=${u}`,
      newTab: false,
    },
  ];
}
