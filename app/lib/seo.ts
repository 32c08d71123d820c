// Per-page head tags in one place: title, description, canonical URL, Open
// Graph and Twitter cards. Every route's meta() goes through pageMeta().
import type { MetaDescriptor } from "react-router";

import { pageTitle, site } from "~/config/site";

interface RootData {
  siteUrl: string;
}

export interface PageMetaInput {
  /** The page name; the title becomes "{page} | Live {product}". */
  page: string;
  description: string;
  /** Site-relative path of an image for social cards. */
  image?: string | null | undefined;
  type?: "website" | "article";
  noindex?: boolean;
}

type MetaArgs = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

function siteUrlFrom(matches: MetaArgs["matches"]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    RootData | undefined;
  return root?.siteUrl ?? "";
}

export function pageMeta(
  args: MetaArgs,
  input: PageMetaInput,
): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(args.matches);
  const title = pageTitle(input.page);
  const url = `${siteUrl}${args.location.pathname === "/" ? "/" : args.location.pathname}`;
  const image = input.image
    ? new URL(input.image, `${siteUrl}/`).toString()
    : undefined;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: `Live ${site.productName}` },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    {
      name: "twitter:card",
      content: image ? "summary_large_image" : "summary",
    },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
  ];
  if (image) {
    tags.push(
      { property: "og:image", content: image },
      { name: "twitter:image", content: image },
    );
  }
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
