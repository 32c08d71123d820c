// The page's leading image, announced in the response's headers: a browser
// starts fetching it as soon as the headers arrive, a round trip before it
// would find the <img> in the HTML. That image is the largest paint of a
// post on a phone.
import { responsiveImage } from "./media";
import { FALLBACK_POST_IMAGE } from "./posts";

/**
 * A `Link` header value preloading the image PostImage draws for `src` at
 * `sizes`, with high priority; the AVIF candidates of an uploaded image (a
 * browser without AVIF skips it). Null for an image on another site, which
 * the CSP would refuse anyway.
 */
export function imagePreloadLink(
  src: string | null,
  sizes: string,
): string | null {
  const image = src ?? FALLBACK_POST_IMAGE;
  if (!/^\/(?!\/)/.test(image)) return null;
  const preload = "rel=preload; as=image; fetchpriority=high";
  const responsive = responsiveImage(image);
  const avif = responsive?.sources.find(
    (source) => source.type === "image/avif",
  );
  if (!responsive || !avif) return `<${encodeURI(image)}>; ${preload}`;
  return `<${responsive.src}>; ${preload}; type="${avif.type}"; imagesrcset="${avif.srcSet}"; imagesizes="${sizes}"`;
}
