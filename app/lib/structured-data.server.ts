// JSON-LD (schema.org) for search engines: the owner as a Person, each post
// as a BlogPosting, the site's events as Events. Built by the server loaders
// (addStructuredData) and written into the document's head by the root's
// layout (JsonLd in app/lib/document-head.tsx), never part of a route's data.
import type { SiteEvent } from "~/config/events";
import type { AppServices } from "~/context";
import type { SiteSettings } from "~/config/site";

import { eventTimes } from "./event-times";
import { postSearchView } from "./post-search";
import type { PostSearchSource } from "./post-search";
import { absoluteUrl, DEFAULT_SOCIAL_CARD } from "./seo";

import type { JsonLdObject } from "./seo";

const CONTEXT = "https://schema.org";

/** Gives the document being rendered these JSON-LD objects (a client navigation's data ignores them). */
export function addStructuredData(
  services: Pick<AppServices, "structuredData">,
  ...objects: JsonLdObject[]
): void {
  services.structuredData.push(...objects);
}

function ownerReference(siteUrl: string, settings: SiteSettings) {
  return {
    "@type": "Person",
    "@id": `${siteUrl}/#owner`,
    name: settings.ownerName,
    url: `${siteUrl}/`,
  };
}

/** The site's owner (Home, About). */
export function personJsonLd(
  siteUrl: string,
  settings: SiteSettings,
): JsonLdObject {
  return {
    "@context": CONTEXT,
    ...ownerReference(siteUrl, settings),
    description: settings.description,
    slogan: settings.headline,
    email: `mailto:${settings.email}`,
    image: absoluteUrl(siteUrl, settings.portrait || DEFAULT_SOCIAL_CARD),
    sameAs: [
      settings.professionalUrl,
      settings.linkedInUrl,
      settings.gitHubUrl,
      settings.twitterUrl,
    ],
    knowsAbout: [
      "Leadership",
      "Mentoring",
      "Community building",
      "Hiking",
      "Live music",
      "Fitness and nutrition",
      "Travel",
    ],
  };
}

export interface BlogPostingInput extends PostSearchSource {
  /** yyyy-MM-dd */
  date: string;
  author: string;
  category: string;
  /** When the row was written; the modified date when later than `date`. */
  createdAt?: Date | string | null | undefined;
}

/** One post (the Single post page), as its search fields present it (decision 043). */
export function blogPostingJsonLd(
  post: BlogPostingInput,
  siteUrl: string,
  settings: SiteSettings,
): JsonLdObject {
  const shown = postSearchView(post, {
    siteUrl,
    productName: settings.productName,
  });
  const url = shown.canonical;
  const created = post.createdAt ? new Date(post.createdAt) : undefined;
  const modified =
    created &&
    !Number.isNaN(created.getTime()) &&
    created.toISOString() > post.date
      ? created.toISOString()
      : post.date;
  return {
    "@context": CONTEXT,
    "@type": "BlogPosting",
    "@id": `${shown.url}#post`,
    mainEntityOfPage: url,
    url,
    headline: shown.headline,
    description: shown.description,
    image: absoluteUrl(siteUrl, shown.image),
    datePublished: post.date,
    dateModified: modified,
    articleSection: post.category,
    inLanguage: settings.locale,
    author: { "@type": "Person", name: post.author || settings.ownerName },
    publisher: ownerReference(siteUrl, settings),
  };
}

/** One of the site's events (Events Calendar, the Community page's featured event). */
export function eventJsonLd(
  event: SiteEvent,
  siteUrl: string,
  settings: SiteSettings,
  page = "/events-calendar",
): JsonLdObject {
  const times = eventTimes(event, settings.timeZone);
  const [placeName = event.location] = event.location.split(",");
  return {
    "@context": CONTEXT,
    "@type": "Event",
    "@id": `${absoluteUrl(siteUrl, page)}#${event.id}`,
    name: event.title,
    description: event.description,
    startDate: times.startLocal,
    endDate: times.endLocal,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: placeName.trim(),
      address: event.location,
    },
    image: absoluteUrl(siteUrl, DEFAULT_SOCIAL_CARD),
    url: absoluteUrl(siteUrl, page),
    organizer: ownerReference(siteUrl, settings),
    isAccessibleForFree: true,
  };
}
