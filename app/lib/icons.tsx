// The one icon registry: content rows name icons by their lucide names, and
// each content area accepts its own set, with the spec's default for anything else.
// Content icons are drawn from one SVG sprite (a cached static file) rather
// than bundled as components: thirty icons would otherwise cost every page
// that shows any of them about 4 KB of JavaScript (docs/PERFORMANCE.md).
import type { SVGProps } from "react";

import spriteUrl from "~/assets/content-icons.svg?url";

import { DEFAULT_ICON } from "./icon-names";
import type { IconName } from "./icon-names";

export type { IconName } from "./icon-names";

/** The icon names each content area accepts (spec §3). */
export const iconSets = {
  coreValues: ["Users", "Lightbulb", "Heart", "Target", "Award", "BarChart"],
  trail: ["Award", "Compass", "BrainCircuit"],
  music: ["Mic", "Users", "GitBranch", "Music"],
  fitness: [
    "Dumbbell",
    "Target",
    "BrainCircuit",
    "HeartPulse",
    "Zap",
    "Carrot",
    "Droplets",
    "Utensils",
    "Moon",
  ],
  leadership: [
    "Users",
    "Zap",
    "Compass",
    "Ear",
    "GitFork",
    "Scaling",
    "Award",
    "CheckCircle",
  ],
  community: [
    "Users",
    "Heart",
    "BarChart",
    "Users2",
    "Briefcase",
    "Mountain",
    "Music",
    "Leaf",
    "Award",
    "MessageSquare",
    "Star",
  ],
  motivational: ["Zap", "Heart", "Shield", "BrainCircuit"],
} as const satisfies Record<string, ReadonlyArray<IconName>>;

export type IconSet = keyof typeof iconSets;

/** The icon a content area shows for `name`: the name itself when the area knows it, else the default. */
export function resolveIcon(
  name: string | null | undefined,
  set: IconSet,
): IconName | typeof DEFAULT_ICON {
  const names: ReadonlyArray<string> = iconSets[set];
  if (name && names.includes(name)) return name as IconName;
  return DEFAULT_ICON;
}

/** "BrainCircuit" → "brain-circuit", lucide's class and file naming. */
function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

type SpriteIconProps = Omit<SVGProps<SVGSVGElement>, "name" | "ref">;

/** One icon of the sprite, drawn like lucide's components (24px grid, 2px round stroke). */
function SpriteIcon({
  icon,
  className,
  ...props
}: { icon: IconName | typeof DEFAULT_ICON } & SpriteIconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={`lucide lucide-${kebab(icon)} ${className ?? ""}`}
      {...props}
    >
      <use href={`${spriteUrl}#${icon}`} />
    </svg>
  );
}

/** A content row's icon: the named icon when its area knows it, else the default. */
export function ContentIcon({
  name,
  set,
  ...props
}: { name: string | null | undefined; set: IconSet } & SpriteIconProps) {
  return <SpriteIcon icon={resolveIcon(name, set)} {...props} />;
}

/** Travel highlights name a type, not an icon (spec §3); each known type has its own. */
const highlightTypeIcons: Record<string, IconName> = {
  "Cultural Immersion": "Landmark",
  "Nature & Scenery": "Mountain",
  "Local Experience": "UtensilsCrossed",
  "Adventure & Hiking": "Footprints",
  Relaxation: "Sunset",
};

export function HighlightIcon({
  type,
  ...props
}: { type: string } & SpriteIconProps) {
  return (
    <SpriteIcon icon={highlightTypeIcons[type] ?? DEFAULT_ICON} {...props} />
  );
}

// Brand marks are not in lucide; simple single-path versions, drawn to lucide's 24px grid.
type BrandProps = { className?: string };

function BrandIcon({ path, className }: BrandProps & { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      className={className}
    >
      <path d={path} />
    </svg>
  );
}

export function LinkedInIcon({ className }: BrandProps) {
  return (
    <BrandIcon
      className={className}
      path="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z"
    />
  );
}

export function TwitterIcon({ className }: BrandProps) {
  return (
    <BrandIcon
      className={className}
      path="M23.95 4.57a10 10 0 0 1-2.82.77 4.96 4.96 0 0 0 2.16-2.72c-.95.55-2 .95-3.12 1.18a4.92 4.92 0 0 0-8.38 4.48A13.94 13.94 0 0 1 1.64 3.16a4.92 4.92 0 0 0 1.52 6.57 4.9 4.9 0 0 1-2.23-.61v.06a4.92 4.92 0 0 0 3.95 4.83 4.96 4.96 0 0 1-2.21.08 4.93 4.93 0 0 0 4.6 3.42A9.87 9.87 0 0 1 0 19.54a13.94 13.94 0 0 0 7.55 2.21c9.05 0 14-7.5 14-13.98 0-.21 0-.42-.02-.63A9.94 9.94 0 0 0 24 4.59z"
    />
  );
}

export function GitHubIcon({ className }: BrandProps) {
  return (
    <BrandIcon
      className={className}
      path="M12 .3a12 12 0 0 0-3.8 23.38c.6.11.82-.26.82-.58v-2.02c-3.34.73-4.04-1.61-4.04-1.61-.55-1.39-1.34-1.76-1.34-1.76-1.09-.74.08-.73.08-.73 1.2.09 1.84 1.24 1.84 1.24 1.07 1.83 2.8 1.3 3.49 1 .1-.78.42-1.3.76-1.6-2.67-.3-5.47-1.33-5.47-5.93 0-1.31.47-2.38 1.24-3.22-.14-.3-.54-1.52.1-3.18 0 0 1-.32 3.3 1.23a11.5 11.5 0 0 1 6 0c2.28-1.55 3.29-1.23 3.29-1.23.64 1.66.24 2.88.12 3.18a4.65 4.65 0 0 1 1.23 3.22c0 4.61-2.8 5.63-5.48 5.92.42.36.81 1.1.81 2.22v3.29c0 .32.21.7.82.58A12 12 0 0 0 12 .3"
    />
  );
}
