import { index, layout, prefix, route } from "@react-router/dev/routes";
import type { RouteConfig } from "@react-router/dev/routes";

import { managementPaths } from "./config/navigation";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("content-hub", "routes/content-hub.tsx"),
  route("motivational", "routes/motivational.tsx"),
  route("leadership", "routes/leadership.tsx"),
  route("community", "routes/community.tsx"),
  route("hiking", "routes/hiking.tsx"),
  route("music", "routes/music.tsx"),
  route("fitness", "routes/fitness.tsx"),
  route("travel", "routes/travel.tsx"),
  route("contact", "routes/contact.tsx"),
  route("post/:slug", "routes/post.tsx"),
  route("events-calendar", "routes/events-calendar.tsx"),
  route("search", "routes/search.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm", "routes/newsletter-confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
  route("sign-in", "routes/sign-in.tsx"),
  route("setup", "routes/setup.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  ...managementPaths.map((path, index) =>
    route(path, "routes/redirect-home.tsx", { id: `management-${index}` }),
  ),
  // The owner's studio (owner only; its code never reaches a public route).
  ...prefix("studio", [
    // The preview is the public post screen, so it keeps the public frame.
    route("posts/:id/preview", "routes/studio/post-preview.tsx"),
    // So is a section's preview: the public block with unsaved values.
    route("pages/:table/:id/preview", "routes/studio/section-preview.tsx"),
    // The editor's saves: JSON in, JSON out.
    route("posts/:id/save", "routes/studio/post-save.ts"),
    // The card a post's working copy would be shared with.
    route("posts/:id/social-card.png", "routes/studio/post-social-card.ts"),
    layout("routes/studio/layout.tsx", [
      index("routes/studio/dashboard.tsx"),
      route("posts", "routes/studio/posts.tsx"),
      route("posts/:id", "routes/studio/post-edit.tsx"),
      route("posts/:id/history", "routes/studio/post-history.tsx"),
      route("pages", "routes/studio/pages.tsx"),
      route("pages/:table", "routes/studio/section.tsx"),
      route("pages/:table/:id", "routes/studio/section-row.tsx"),
      route("media", "routes/studio/media.tsx"),
      route("messages", "routes/studio/messages.tsx"),
      route("messages/:id", "routes/studio/message.tsx"),
      route("responses", "routes/studio/responses.tsx"),
      route("settings", "routes/studio/settings.tsx"),
      route("account", "routes/studio/account.tsx"),
      route("export", "routes/studio/export.tsx"),
      route("readers", "routes/studio/readers.tsx"),
      route("newsletter", "routes/studio/newsletter.tsx"),
      route(
        "newsletter/subscribers",
        "routes/studio/newsletter-subscribers.tsx",
      ),
      route("*", "routes/studio/not-found.tsx", { id: "studio-not-found" }),
    ]),
    route("media/upload", "routes/studio/media-upload.ts"),
    route("export/download", "routes/studio/export-download.ts"),
    route("readers/csv", "routes/studio/readers-csv.ts"),
    route("newsletter/:id/preview", "routes/studio/newsletter-preview.ts"),
    route(
      "newsletter/subscribers.csv",
      "routes/studio/newsletter-subscribers-csv.ts",
    ),
  ]),
  // Feeds and generated images: resource routes, before the catch-all.
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("sitemaps/:file", "routes/sitemap.xml.ts", { id: "sitemap-part" }),
  route("robots.txt", "routes/robots.txt.ts"),
  route("rss.xml", "routes/rss.xml.ts"),
  route("events.ics", "routes/events.ics.ts"),
  route("social/site.png", "routes/social-card.ts", { id: "social-site" }),
  route("social/post/:file", "routes/social-card.ts", { id: "social-post" }),
  route("media/:file", "routes/media.ts"),
  route("icons/:version/:file", "routes/site-icon.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
