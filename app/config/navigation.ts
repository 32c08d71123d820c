export interface NavigationItem {
  name: string;
  href: string;
}

/** The header's items, in the site's order. The Events Calendar is deliberately absent. */
export const navigation: ReadonlyArray<NavigationItem> = [
  { name: "Home", href: "/" },
  { name: "About Me", href: "/about" },
  { name: "Content Hub", href: "/content-hub" },
  { name: "Motivational", href: "/motivational" },
  { name: "Leadership", href: "/leadership" },
  { name: "Community", href: "/community" },
  { name: "Hiking & Nature", href: "/hiking" },
  { name: "Live Music", href: "/music" },
  { name: "Fitness & Nutrition", href: "/fitness" },
  { name: "Travel", href: "/travel" },
  { name: "Contact", href: "/contact" },
];

/** Paths of the management screens; every one sends the visitor home. */
export const managementPaths: ReadonlyArray<string> = [
  "/create-post",
  "/edit-post/:slug",
  "/manage-motivation",
  "/manage-core-values",
  "/manage-journey",
  "/manage-leadership-philosophy",
  "/manage-mentoring-approach",
  "/manage-leadership-lessons",
  "/manage-community-values",
  "/manage-community-events",
  "/manage-posts/:categorySlug",
  "/manage-travel-posts",
  "/manage-fitness-philosophy",
  "/manage-fitness-routines",
  "/manage-nutrition-strategy",
  "/manage-trail-philosophy",
  "/manage-music-philosophy",
];
