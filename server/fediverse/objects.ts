// What a post is on the social web (decision 061). Mastodon shows an Article
// as a bare title and link, so followers are sent a Note that shows the post
// (its title, excerpt and link, the hero image with its alt text, the
// category as a hashtag), with an id of its own built on the post's id
// (stable across a change of address); the full Article stays at the post's
// own address, answered there to a client asking for activity JSON.
import {
  Article,
  Document,
  Hashtag,
  Image,
  Note,
  PUBLIC_COLLECTION,
} from "@fedify/vocab";
import { eq, or } from "drizzle-orm";

import { parseMediaUrl } from "~/lib/media";
import type { Database } from "~database/client";
import { media, posts } from "~database/schema";

import { instant } from "./temporal";

/** What a post's copies are made from (a row of posts). */
export interface FederatedPost {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  image: string | null;
  category: string;
  date: string;
  createdAt: Date;
}

export interface PostUris {
  actor: URL;
  followers: URL;
  note: URL;
  siteUrl: string;
}

export const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

/** The post page's address. */
export const postUrl = (siteUrl: string, slug: string) =>
  new URL(`/post/${encodeURIComponent(slug)}`, siteUrl);

/** "Trail Running" → "#TrailRunning": what Mastodon links as a tag. */
export function hashtagOf(category: string): string | null {
  const word = category
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}_]+/u)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
  return word === "" ? null : `#${word}`;
}

/** The hero image's alt text from the media library ("" when none is known). */
export async function imageAlt(
  db: Database,
  image: string | null,
): Promise<string> {
  if (!image) return "";
  const file = parseMediaUrl(image);
  const [row] = await db
    .select({ alt: media.alt })
    .from(media)
    .where(file ? eq(media.hash, file.hash) : eq(media.source, image))
    .limit(1);
  return row?.alt ?? "";
}

function imageType(url: URL): string {
  if (url.pathname.endsWith(".png")) return "image/png";
  if (url.pathname.endsWith(".webp")) return "image/webp";
  if (url.pathname.endsWith(".avif")) return "image/avif";
  return "image/jpeg";
}

const published = (post: FederatedPost) => instant(post.createdAt);

/** The Note followers are sent. */
export function postNote(
  post: FederatedPost,
  uris: PostUris,
  alt: string,
  updated?: Date,
): Note {
  const url = postUrl(uris.siteUrl, post.slug);
  const tag = hashtagOf(post.category);
  const tagUrl = new URL("/content-hub", uris.siteUrl);
  const paragraphs = [
    `<p><strong>${escapeHtml(post.title)}</strong></p>`,
    post.excerpt ? `<p>${escapeHtml(post.excerpt)}</p>` : "",
    `<p><a href="${escapeHtml(url.href)}">${escapeHtml(url.href)}</a></p>`,
    tag
      ? `<p><a href="${escapeHtml(tagUrl.href)}" class="mention hashtag" rel="tag">${escapeHtml(tag)}</a></p>`
      : "",
  ];
  const image = post.image ? new URL(post.image, uris.siteUrl) : null;
  return new Note({
    id: uris.note,
    attribution: uris.actor,
    to: PUBLIC_COLLECTION,
    cc: uris.followers,
    name: post.title,
    content: paragraphs.join(""),
    url,
    published: published(post),
    updated: updated ? instant(updated) : null,
    tags: tag ? [new Hashtag({ name: tag, href: tagUrl })] : [],
    attachments: image
      ? [
          new Document({
            url: image,
            mediaType: imageType(image),
            name: alt || null,
          }),
        ]
      : [],
  });
}

/** The full Article, at the post's own address. */
export function postArticle(
  post: FederatedPost,
  uris: Omit<PostUris, "note">,
  alt: string,
): Article {
  const url = postUrl(uris.siteUrl, post.slug);
  const image = post.image ? new URL(post.image, uris.siteUrl) : null;
  const tag = hashtagOf(post.category);
  return new Article({
    id: url,
    attribution: uris.actor,
    to: PUBLIC_COLLECTION,
    cc: uris.followers,
    name: post.title,
    summary: post.excerpt || null,
    content: post.content,
    url,
    published: published(post),
    tags: tag
      ? [
          new Hashtag({
            name: tag,
            href: new URL("/content-hub", uris.siteUrl),
          }),
        ]
      : [],
    image: image
      ? new Image({
          url: image,
          mediaType: imageType(image),
          name: alt || null,
        })
      : null,
  });
}

const federatedColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  excerpt: posts.excerpt,
  content: posts.content,
  image: posts.image,
  category: posts.category,
  date: posts.date,
  createdAt: posts.createdAt,
};

/** A published post by its id or address; null when there is none. */
export async function readFederatedPost(
  db: Database,
  key: { id?: string; slug?: string },
): Promise<FederatedPost | null> {
  const conditions = [
    ...(key.id ? [eq(posts.id, key.id)] : []),
    ...(key.slug ? [eq(posts.slug, key.slug)] : []),
  ];
  if (conditions.length === 0) return null;
  const [row] = await db
    .select(federatedColumns)
    .from(posts)
    .where(or(...conditions))
    .limit(1);
  return row ?? null;
}
