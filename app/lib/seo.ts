// Per-page head tags in one place: title, description, canonical URL, Open
// Graph and Twitter cards. Every route's meta() goes through pageMeta(). The
// JSON-LD a server loader builds goes into the document without it
// (app/lib/structured-data.server.ts).
import type { MetaDescriptor } from "react-router";

import { pageTitle, withPublicDefaults } from "~/config/site";
import type { PublicSettings } from "~/config/site";

import { pageHref } from "./page-href";

interface RootData {
  siteUrl: string;
  /** The settings that differ from the defaults. */
  settings?: Partial<PublicSettings>;
}

/** One schema.org object (app/lib/structured-data.server.ts builds them). */
export type JsonLdObject = { "@context"?: string; "@type": string } & Record<
  string,
  unknown
>;

/** Size of the cards the site draws itself (/social/…): the 1.91:1 shape every network shows whole. */
export const SOCIAL_CARD_SIZE = { width: 1200, height: 630 } as const;
/** The site's own card, for pages without an image of their own. */
export const DEFAULT_SOCIAL_CARD = "/social/site.png";

/** The generated card of a post without an image of its own. */
export function socialCardPath(slug: string): string {
  return `/social/post/${encodeURIComponent(slug)}.png`;
}

export interface ArticleMeta {
  /** yyyy-MM-dd or an ISO timestamp. */
  publishedTime: string;
  modifiedTime?: string | undefined;
  section?: string | undefined;
  author?: string | undefined;
}

export interface PageMetaInput {
  /** The page name; the title becomes "{page} | Live {product}". */
  page: string;
  /** The whole title instead, as the page's owner wrote it (a post's search title). */
  title?: string | undefined;
  /** An absolute canonical URL instead of the page's own (a post's canonical address). */
  canonical?: string | undefined;
  /** Words, or words drawn from the site settings (the owner's name...). */
  description: string | ((settings: PublicSettings) => string);
  /** Site-relative path (or absolute URL) of the page's social image; the site's card when absent. */
  image?: string | null | undefined;
  /** Text alternative of the image; defaults to the page title. */
  imageAlt?: string | undefined;
  type?: "website" | "article";
  /** Publication details of an article (a post). */
  article?: ArticleMeta | undefined;
  noindex?: boolean;
  /** A page of an archive (archiveOf): its canonical URL and title name the page, and prev/next links name its neighbours. */
  archive?: ArchiveMeta | undefined;
}

export interface ArchiveMeta {
  page: number;
  /** Unknown while a client navigation's data is pending (head links matter to crawlers, which load documents). */
  pageCount?: number | undefined;
  /** Other parameters the page's URL keeps (a search's `q`). */
  params?: Record<string, string>;
}

export type MetaArgs = {
  location: { pathname: string; search?: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  loaderData?: unknown;
};

/** The public origin (SITE_URL) from the root loader's data. */
export function siteUrlFrom(matches: MetaArgs["matches"]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    RootData | undefined;
  return root?.siteUrl ?? "";
}

/** The site settings from the root loader's data (the defaults on a page without it). */
export function settingsFrom(matches: MetaArgs["matches"]): PublicSettings {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    RootData | undefined;
  return withPublicDefaults(root?.settings);
}

/** An absolute URL for a site-relative path (absolute URLs pass through). */
export function absoluteUrl(siteUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${siteUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

export function pageMeta(
  args: MetaArgs,
  input: PageMetaInput,
): MetaDescriptor[] {
  const { archive } = input;
  const settings = settingsFrom(args.matches);
  const title =
    input.title ??
    pageTitle(
      archive && archive.page > 1
        ? `${input.page}, Page ${archive.page}`
        : input.page,
      settings.productName,
    );
  const description =
    typeof input.description === "function"
      ? input.description(settings)
      : input.description;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
  ];
  // The rest of the head is for crawlers and link previews, which read
  // documents; the browser's bundle leaves it out (decision 024), and React
  // keeps the document's own tags when it hydrates the head.
  if (import.meta.env.SSR)
    tags.push(
      ...documentTags(args, { ...input, description }, title, settings),
    );
  return tags;
}

/** Canonical and neighbour links, robots, Open Graph and Twitter cards. */
function documentTags(
  args: MetaArgs,
  input: PageMetaInput & { description: string },
  title: string,
  settings: PublicSettings,
): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args.matches);
  const { archive } = input;
  const pathname = args.location.pathname;
  // The URL of this page of an archive (or of the page itself).
  const pageUrl = (page: number | undefined) =>
    absoluteUrl(
      siteUrl,
      archive && page !== undefined
        ? pageHref(pathname, page, archive.params)
        : pathname,
    );
  const url = input.canonical ?? pageUrl(archive?.page);
  const tags: MetaDescriptor[] = [
    { tagName: "link", rel: "canonical", href: url },
  ];
  if (archive && archive.page > 1) {
    tags.push({
      tagName: "link",
      rel: "prev",
      href: pageUrl(archive.page - 1),
    });
  }
  if (archive?.pageCount !== undefined && archive.page < archive.pageCount) {
    tags.push({
      tagName: "link",
      rel: "next",
      href: pageUrl(archive.page + 1),
    });
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  const ownImage = input.image ? input.image : undefined;
  const image = absoluteUrl(siteUrl, ownImage ?? DEFAULT_SOCIAL_CARD);
  // Only the cards the site draws have a size known here.
  const generated = !ownImage || ownImage.startsWith("/social/");
  const imageAlt = input.imageAlt ?? title;
  const type = input.article ? "article" : (input.type ?? "website");
  tags.push(
    { property: "og:site_name", content: `Live ${settings.productName}` },
    { property: "og:locale", content: settings.locale.replace("-", "_") },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
  );
  if (generated) {
    tags.push(
      {
        property: "og:image:width",
        content: String(SOCIAL_CARD_SIZE.width),
      },
      {
        property: "og:image:height",
        content: String(SOCIAL_CARD_SIZE.height),
      },
    );
  }
  if (input.article) {
    const { publishedTime, modifiedTime, section, author } = input.article;
    tags.push({ property: "article:published_time", content: publishedTime });
    if (modifiedTime)
      tags.push({ property: "article:modified_time", content: modifiedTime });
    if (section) tags.push({ property: "article:section", content: section });
    if (author) tags.push({ property: "article:author", content: author });
  }
  // X reads the title, description and image from the Open Graph tags
  // when its own are absent; only what has no Open Graph twin is written.
  tags.push(
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image:alt", content: imageAlt },
    {
      name: "twitter:site",
      content: `@${settings.twitterUrl.replace(/\/+$/, "").split("/").pop()}`,
    },
  );
  return tags;
}
