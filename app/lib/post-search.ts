// A post as search results and shared cards show it (docs/decisions/043):
// the owner's search title, search description, social image and canonical
// address where given, else what the site showed before they existed. The
// one rule behind the post page's head, its JSON-LD, its RSS item and the
// studio's previews. Public pages run it on the server only (their loaders
// and feeds), so it adds nothing to their JavaScript.
import type {
  PostFields,
  PostSearchFields,
} from "~database/post-lifecycle/model";
import { pageTitle } from "~/config/site";

import { absoluteUrl, socialCardPath } from "./seo";

/** About what search results show of a title and a description: guidance, not a limit. */
export const SEARCH_TITLE_GUIDE = 60;
export const SEARCH_DESCRIPTION_GUIDE = 155;

/** What the rule reads of a post; a search field left out is unset. */
export type PostSearchSource = Pick<PostFields, "slug" | "title" | "excerpt"> &
  Partial<Pick<PostFields, "image" | keyof PostSearchFields>>;

export interface PostSearchView {
  /** The post's name in JSON-LD and the RSS item: the search title, else its title. */
  headline: string;
  /** The page's whole title, in search results and cards: the search title as written, else "{title} | Live {product}". */
  documentTitle: string;
  /** The search description, else the excerpt. */
  description: string;
  /** A site path or web address: the social image, else the hero image, else the card the site draws. */
  image: string;
  /** `image` is the card the site draws (/social/post/…). */
  drawnCard: boolean;
  /** Absolute: the canonical address, else the post's own. */
  canonical: string;
  /** The post's own address, absolute. */
  url: string;
}

/** A field with words in it, or nothing (blank is the same as unset). */
function given(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function postSearchView(
  post: PostSearchSource,
  site: { siteUrl: string; productName: string },
): PostSearchView {
  const searchTitle = given(post.searchTitle);
  const ownImage = given(post.socialImage) ?? given(post.image);
  const url = absoluteUrl(
    site.siteUrl,
    `/post/${encodeURIComponent(post.slug)}`,
  );
  return {
    headline: searchTitle ?? post.title,
    documentTitle: searchTitle ?? pageTitle(post.title, site.productName),
    description: given(post.searchDescription) ?? post.excerpt,
    image: ownImage ?? socialCardPath(post.slug),
    drawnCard: ownImage === null,
    canonical: given(post.canonicalUrl) ?? url,
    url,
  };
}
