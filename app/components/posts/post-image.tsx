import type { SyntheticEvent } from "react";

import { FALLBACK_POST_IMAGE, POST_IMAGE_SIZE } from "~/lib/posts";

/**
 * A post's image with the space it takes reserved (no layout shift), lazy
 * unless it is the page's leading image, and the fallback image when it has
 * none or it fails to load.
 */
export function PostImage({
  src,
  priority = false,
  eager = priority,
  className,
}: {
  src: string | null;
  /** The largest image above the fold: loaded at once, with high priority. */
  priority?: boolean;
  /** Above the fold: loaded at once rather than when scrolled near. */
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src ?? FALLBACK_POST_IMAGE}
      alt=""
      width={POST_IMAGE_SIZE.width}
      height={POST_IMAGE_SIZE.height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding="async"
      onError={showFallback}
      ref={checkLoaded}
      className={className}
    />
  );
}

function showFallback(event: SyntheticEvent<HTMLImageElement>) {
  swapToFallback(event.currentTarget);
}

/** A server-rendered image may fail before hydration, when nobody was listening for its error event. */
function checkLoaded(image: HTMLImageElement | null) {
  if (image?.complete && image.naturalWidth === 0 && image.currentSrc) {
    swapToFallback(image);
  }
}

function swapToFallback(image: HTMLImageElement) {
  const fallback = new URL(FALLBACK_POST_IMAGE, window.location.href).href;
  if (image.src !== fallback) image.src = fallback;
}
