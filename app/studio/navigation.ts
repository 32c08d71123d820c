import type { IconName } from "~/lib/icons";

export interface StudioNavigationItem {
  name: string;
  href: string;
  icon: IconName;
}

/** The studio's own navigation. */
export const studioNavigation: ReadonlyArray<StudioNavigationItem> = [
  { name: "Dashboard", href: "/studio", icon: "TrendingUp" },
  { name: "Posts", href: "/studio/posts", icon: "Newspaper" },
  { name: "Readers", href: "/studio/readers", icon: "BarChart" },
  { name: "Pages", href: "/studio/pages", icon: "Globe" },
  { name: "Media", href: "/studio/media", icon: "Film" },
  { name: "Messages", href: "/studio/messages", icon: "Mail" },
  { name: "Newsletter", href: "/studio/newsletter", icon: "Send" },
  { name: "Responses", href: "/studio/responses", icon: "MessageSquare" },
  { name: "Export", href: "/studio/export", icon: "Download" },
  { name: "Settings", href: "/studio/settings", icon: "Sparkles" },
  { name: "Account", href: "/studio/account", icon: "UserRound" },
];

/** The navigation item that shows the inbox's unread count. */
export const MESSAGES_HREF = "/studio/messages";
