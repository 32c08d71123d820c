import { responsiveImage } from "~/lib/media";
import { FALLBACK_POST_IMAGE, POST_IMAGE_SIZE } from "~/lib/posts";

/** How wide a card's image shows: a column of the card grids. */
const CARD_SIZES = "(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

/**
 * A post's image with the space it takes reserved (no layout shift), lazy
 * unless it is the page's leading image, and the fallback image when it has
 * none or it fails to load (the page script swaps it in: data-fallback).
 * An uploaded image (/media/…)
 * comes in every width and in AVIF and WebP, and the browser picks what fits.
 */
export function PostImage({
  src,
  priority = false,
  eager = priority,
  sizes = CARD_SIZES,
  className,
}: {
  src: string | null;
  /** The largest image above the fold: loaded at once, with high priority. */
  priority?: boolean;
  /** Above the fold: loaded at once rather than when scrolled near. */
  eager?: boolean;
  /** How wide the image shows at each viewport width (the `sizes` attribute). */
  sizes?: string;
  className?: string;
}) {
  const responsive = src ? responsiveImage(src) : null;
  const image = (
    <img
      src={responsive?.src ?? src ?? FALLBACK_POST_IMAGE}
      srcSet={responsive?.srcSet}
      sizes={responsive ? sizes : undefined}
      alt=""
      width={responsive?.width ?? POST_IMAGE_SIZE.width}
      height={responsive?.height ?? POST_IMAGE_SIZE.height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      data-fallback={FALLBACK_POST_IMAGE}
      className={className}
    />
  );
  if (!responsive) return image;
  return (
    <picture className="contents">
      {responsive.sources.map((source) => (
        <source
          key={source.type}
          type={source.type}
          srcSet={source.srcSet}
          sizes={sizes}
          suppressHydrationWarning
        />
      ))}
      {image}
    </picture>
  );
}
