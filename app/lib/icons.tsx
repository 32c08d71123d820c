// The one icon registry: every icon is a <symbol> of one SVG sprite (a
// cached static file) drawn with <use>, rather than bundled as components:
// lucide's components cost every page their runtime plus the code of each
// icon (docs/decisions/009-first-load-javascript.md).
// Content rows name icons by their lucide names, and each content area
// accepts its own set, with a default for anything else (docs/CONTENT.md).
import type { SVGProps } from "react";

import spriteUrl from "~/assets/icons.svg?url";

import { DEFAULT_ICON, iconSets } from "./icon-names";
import type { ContentIconName, IconName, IconSet } from "./icon-names";

export { iconSets };
export type { IconName, IconSet } from "./icon-names";

/** The icon a content area shows for `name`: the name itself when the area knows it, else the default. */
export function resolveIcon(
  name: string | null | undefined,
  set: IconSet,
): ContentIconName | typeof DEFAULT_ICON {
  const names: ReadonlyArray<string> = iconSets[set];
  if (name && names.includes(name)) return name as ContentIconName;
  return DEFAULT_ICON;
}

type IconProps = Omit<SVGProps<SVGSVGElement>, "name" | "ref">;

/**
 * One icon of the sprite, drawn like lucide's components (24px grid, 2px
 * round stroke, set on the sprite's symbols) and hidden from assistive
 * technology: the text beside it carries the meaning.
 */
export function Icon({ name, ...props }: { name: IconName } & IconProps) {
  return (
    <svg width="24" height="24" aria-hidden="true" {...props}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}

/** A content row's icon: the named icon when its area knows it, else the default. */
export function ContentIcon({
  name,
  set,
  ...props
}: { name: string | null | undefined; set: IconSet } & IconProps) {
  return <Icon name={resolveIcon(name, set)} {...props} />;
}

/** Travel highlights name a type, not an icon (docs/CONTENT.md); each known type has its own. */
const highlightTypeIcons: Record<string, ContentIconName> = {
  "Cultural Immersion": "Landmark",
  "Nature & Scenery": "Mountain",
  "Local Experience": "UtensilsCrossed",
  "Adventure & Hiking": "Footprints",
  Relaxation: "Sunset",
};

export function HighlightIcon({
  type,
  ...props
}: { type: string } & IconProps) {
  return <Icon name={highlightTypeIcons[type] ?? DEFAULT_ICON} {...props} />;
}
