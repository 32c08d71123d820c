import type { ReactNode } from "react";

const tones = {
  emerald: "bg-emerald-400/10 ring-emerald-400/25 text-emerald-300",
  amber: "bg-amber-300/10 ring-amber-300/30 text-amber-200",
} as const;

// The icon inside is sized from here, so callers pass any icon element as is.
const sizes = {
  md: "h-12 w-12 rounded-xl [&>svg]:h-6 [&>svg]:w-6",
  lg: "h-14 w-14 rounded-2xl [&>svg]:h-7 [&>svg]:w-7",
} as const;

/** An icon on a soft tinted tile: what heads a card, a hero or a callout. */
export function IconTile({
  children,
  tone = "emerald",
  size = "md",
}: {
  /** The icon: an <Icon> or a <ContentIcon>, marked aria-hidden. */
  children: ReactNode;
  tone?: keyof typeof tones;
  size?: keyof typeof sizes;
}) {
  return (
    <span
      className={`grid shrink-0 place-items-center ring-1 ${tones[tone]} ${sizes[size]}`}
    >
      {children}
    </span>
  );
}
