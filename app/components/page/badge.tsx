import type { ReactNode } from "react";
import { Icon } from "~/lib/icons";
import type { IconName } from "~/lib/icons";

const tones = {
  emerald: "bg-emerald-400/10 text-emerald-200 ring-emerald-400/30",
  amber: "bg-amber-300/10 text-amber-200 ring-amber-300/30",
  rose: "bg-rose-400/10 text-rose-200 ring-rose-400/30",
} as const;

const sizes = {
  sm: "gap-1.5 px-2.5 py-0.5 text-xs",
  md: "gap-2 px-4 py-1.5 text-sm",
} as const;

/** A small pill: a status, a type, a planned trip, the hero's badge. */
export function Badge({
  tone = "emerald",
  size = "sm",
  icon,
  children,
}: {
  tone?: keyof typeof tones;
  size?: keyof typeof sizes;
  icon?: IconName;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex w-fit items-center rounded-full font-semibold ring-1 ring-inset ${tones[tone]} ${sizes[size]}`}
    >
      {icon ? (
        <Icon name={icon} aria-hidden="true" className="h-3.5 w-3.5" />
      ) : null}
      {children}
    </span>
  );
}
