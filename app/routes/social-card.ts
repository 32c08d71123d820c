import type { Route } from "./+types/social-card";
import type { SiteSettings } from "~/config/site";
import { servicesContext } from "~/context";
import { readPostBySlug } from "~/data/posts.server";
import { publicResource } from "~/lib/feeds/response";
import { isRouteSlug } from "~/lib/posts";
import { postCardInput, socialCard } from "~/lib/social-card.server";
import type { SocialCardInput } from "~/lib/social-card.server";

// /social/site.png is the site's own card; /social/post/{slug}.png is a post's.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, settings } = context.get(servicesContext);
  const card = params.file
    ? await postCard(db, params.file)
    : siteCard(settings);
  if (!card) return new Response("Not found", { status: 404 });
  // Drawn again when the settings change: they are part of its content hash.
  const { png, etag } = await socialCard({ ...card, brand: settings });
  if (request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304, headers: { ETag: etag } });
  }
  return publicResource(png, "image/png", { maxAgeSeconds: 3600, etag });
}

function siteCard(settings: SiteSettings): SocialCardInput {
  return {
    eyebrow: settings.tagline,
    title: settings.ownerName,
    byline: settings.description,
  };
}

async function postCard(
  db: Parameters<typeof readPostBySlug>[0],
  file: string,
): Promise<SocialCardInput | null> {
  const slug = /^(.+)\.png$/.exec(file)?.[1];
  if (!isRouteSlug(slug)) return null;
  const post = await readPostBySlug(db, slug);
  return post ? postCardInput(post) : null;
}
