import type { ReactNode } from "react";
import { Link } from "react-router";

import { cardTitleClass } from "~/components/page/styles";

/**
 * A card's title, linking to the post. The link stretches over the whole card
 * (which must be `relative`), so the card is one click target with one name.
 */
export function PostTitleLink({
  slug,
  className,
  children,
}: {
  slug: string;
  /** Spacing around the title; its look is the card title's. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <h3
      className={className ? `${cardTitleClass} ${className}` : cardTitleClass}
    >
      <Link
        to={`/post/${slug}`}
        prefetch="intent"
        className="after:absolute after:inset-0 hover:text-emerald-200"
      >
        {children}
      </Link>
    </h3>
  );
}
