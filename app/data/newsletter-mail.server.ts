// A post as a newsletter mail (docs/decisions/060): the same sanitised post
// document the post page renders (app/lib/sanitize.server.ts), with every
// address made absolute (a mail has no base), its styles inlined by juice
// (mail clients drop <style> or parts of it), and a plain-text twin. No
// tracking: no pixel, no rewritten links.
import { eq } from "drizzle-orm";
import { decodeHTML } from "entities";
import juice from "juice";

import type { Database } from "~database/client";
import { posts } from "~database/schema";

import { readPostBySlug } from "./posts.server";

export interface MailPost {
  title: string;
  slug: string;
  /** The sanitised body HTML, as the post page shows it. */
  html: string;
  excerpt: string;
  /** The hero image: a site path or an https address. */
  image: string | null;
  imageAlt?: string | null;
}

export interface NewsletterMailInput {
  post: MailPost;
  siteUrl: string;
  listName: string;
  unsubscribeUrl: string;
}

export interface NewsletterMail {
  subject: string;
  html: string;
  text: string;
  /** RFC 2369 and RFC 8058: mail clients show an Unsubscribe button that POSTs here. */
  headers: Record<string, string>;
}

const STYLES = `
  body { margin: 0; padding: 0; background: #f8fafc; color: #0f172a; }
  .wrap { max-width: 640px; margin: 0 auto; padding: 24px 20px; font-family: Georgia, 'Times New Roman', serif; font-size: 18px; line-height: 1.6; }
  .list { font-family: Arial, Helvetica, sans-serif; font-size: 13px; letter-spacing: 0.08em; text-transform: uppercase; color: #047857; margin: 0 0 8px; }
  h1 { font-size: 30px; line-height: 1.25; margin: 0 0 16px; }
  h2 { font-size: 24px; line-height: 1.3; margin: 28px 0 12px; }
  h3 { font-size: 20px; margin: 24px 0 8px; }
  p { margin: 0 0 16px; }
  a { color: #047857; }
  img { max-width: 100%; height: auto; border: 0; }
  blockquote { margin: 0 0 16px; padding: 4px 16px; border-left: 4px solid #10b981; color: #334155; }
  ul, ol { margin: 0 0 16px; padding-left: 24px; }
  .hero { display: block; width: 100%; margin: 0 0 20px; border-radius: 8px; }
  .footer { font-family: Arial, Helvetica, sans-serif; font-size: 13px; color: #475569; border-top: 1px solid #cbd5e1; margin-top: 32px; padding-top: 16px; }
`;

const escapeHtml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

/** A site path as a full address; anything else as it is. */
function absolute(address: string, siteUrl: string): string {
  return address.startsWith("/") && !address.startsWith("//")
    ? `${siteUrl}${address}`
    : address;
}

/** Every src, href and srcset entry of the body made absolute. */
export function absoluteAddresses(html: string, siteUrl: string): string {
  return html
    .replace(
      /\b(src|href)="([^"]*)"/g,
      (_, name: string, value: string) =>
        `${name}="${absolute(value, siteUrl)}"`,
    )
    .replace(
      /\bsrcset="([^"]*)"/g,
      (_, value: string) =>
        `srcset="${value
          .split(",")
          .map((entry) => {
            const [address = "", ...rest] = entry.trim().split(/\s+/);
            return [absolute(address, siteUrl), ...rest].join(" ");
          })
          .join(", ")}"`,
    );
}

/** The body as plain text: paragraphs apart, list items marked, links with their address. */
export function plainText(html: string): string {
  const text = html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, "$2 ($1)")
    .replace(/<img\b[^>]*alt="([^"]+)"[^>]*>/gi, "[$1]")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<blockquote\b[^>]*>/gi, "\n> ")
    .replace(/<\/(p|h[1-6]|ul|ol|blockquote|figure|div)>/gi, "\n\n")
    .replace(/<[^>]+>/g, "");
  return decodeHTML(text)
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function renderNewsletterMail(
  input: NewsletterMailInput,
): NewsletterMail {
  const { post, siteUrl, listName, unsubscribeUrl } = input;
  const postUrl = `${siteUrl}/post/${encodeURIComponent(post.slug)}`;
  const body = absoluteAddresses(post.html, siteUrl);
  const hero = post.image
    ? `<img class="hero" src="${escapeHtml(absolute(post.image, siteUrl))}" alt="${escapeHtml(post.imageAlt ?? "")}" width="600">`
    : "";
  const document = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(post.title)}</title><style>${STYLES}</style></head><body><div class="wrap"><p class="list">${escapeHtml(listName)}</p><h1>${escapeHtml(post.title)}</h1>${hero}${body}<p class="footer"><a href="${escapeHtml(postUrl)}">Read it on the site</a><br>You receive ${escapeHtml(listName)} because you subscribed and confirmed. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a> with one click.</p></div></body></html>`;
  const text = [
    listName.toUpperCase(),
    "",
    post.title,
    "",
    plainText(body),
    "",
    `Read it on the site: ${postUrl}`,
    "",
    `You receive ${listName} because you subscribed and confirmed. Unsubscribe with one click: ${unsubscribeUrl}`,
  ].join("\n");
  return {
    subject: post.title,
    html: juice(document),
    text,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The public post as a mail is made from it; undefined once it is not public. */
export async function readMailPost(
  db: Database,
  postId: string,
): Promise<MailPost | undefined> {
  const [row] = await db
    .select({ slug: posts.slug })
    .from(posts)
    .where(eq(posts.id, postId));
  const post = row && (await readPostBySlug(db, row.slug));
  return post
    ? {
        title: post.title,
        slug: post.slug,
        html: post.html,
        excerpt: post.excerpt,
        image: post.image,
        imageAlt: post.title,
      }
    : undefined;
}
