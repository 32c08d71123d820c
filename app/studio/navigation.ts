import type { IconName } from "~/lib/icons";

export interface StudioNavigationItem {
  name: string;
  href: string;
  icon: IconName;
}

/** The studio's own navigation (part 2 of the studio adds the section tables and the inbox). */
export const studioNavigation: ReadonlyArray<StudioNavigationItem> = [
  { name: "Dashboard", href: "/studio", icon: "TrendingUp" },
  { name: "Posts", href: "/studio/posts", icon: "Newspaper" },
  { name: "Media", href: "/studio/media", icon: "Film" },
  { name: "Messages", href: "/studio/messages", icon: "Mail" },
  { name: "Export", href: "/studio/export", icon: "Download" },
  { name: "Account", href: "/studio/account", icon: "UserRound" },
];

/** The navigation item that shows the inbox's unread count. */
export const MESSAGES_HREF = "/studio/messages";
