import type { LucideIcon } from "lucide-react";

const tones = {
  emerald: "bg-emerald-400/10 ring-emerald-400/25 text-emerald-300",
  amber: "bg-amber-300/10 ring-amber-300/30 text-amber-200",
} as const;

const sizes = {
  md: { tile: "h-12 w-12 rounded-xl", icon: "h-6 w-6" },
  lg: { tile: "h-14 w-14 rounded-2xl", icon: "h-7 w-7" },
} as const;

/** An icon on a soft tinted tile: what heads a card, a hero or a callout. */
export function IconTile({
  icon: Icon,
  tone = "emerald",
  size = "md",
}: {
  icon: LucideIcon;
  tone?: keyof typeof tones;
  size?: keyof typeof sizes;
}) {
  return (
    <span
      className={`grid shrink-0 place-items-center ring-1 ${tones[tone]} ${sizes[size].tile}`}
    >
      <Icon aria-hidden="true" className={sizes[size].icon} />
    </span>
  );
}
