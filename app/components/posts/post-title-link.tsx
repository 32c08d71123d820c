import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A card's title, linking to the post. The link stretches over the whole card
 * (which must be `relative`), so the card is one click target with one name.
 */
export function PostTitleLink({
  slug,
  className = "font-serif text-xl font-semibold text-white",
  children,
}: {
  slug: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <h3 className={className}>
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
