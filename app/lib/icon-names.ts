// The names of every icon the site draws. The sprite app/assets/icons.svg
// holds exactly these (npm run icons), so icons cost the pages no JavaScript.

/** Every icon content may show (lucide names: the icons rows name, and the travel highlight types' icons). */
export const contentIconNames = [
  "Award",
  "BarChart",
  "BrainCircuit",
  "Briefcase",
  "CalendarDays",
  "Carrot",
  "CheckCircle",
  "Compass",
  "Droplets",
  "Dumbbell",
  "Ear",
  "Footprints",
  "GitBranch",
  "GitFork",
  "Heart",
  "HeartPulse",
  "Landmark",
  "Leaf",
  "Lightbulb",
  "MessageSquare",
  "Mic",
  "Moon",
  "Mountain",
  "Music",
  "Scaling",
  "Shield",
  "Star",
  "Sunset",
  "Target",
  "Users",
  "Users2",
  "Utensils",
  "UtensilsCrossed",
  "Zap",
] as const;

/** The icons the screens draw themselves (lucide names). */
export const uiIconNames = [
  "ArrowLeft",
  "ArrowRight",
  "CalendarClock",
  "CalendarPlus",
  "ChevronLeft",
  "ChevronRight",
  "CircleCheck",
  "Clock",
  "Disc3",
  "Download",
  "ExternalLink",
  "Film",
  "Globe",
  "Globe2",
  "Guitar",
  "HeartHandshake",
  "Link",
  "Mail",
  "MapPin",
  "Menu",
  "Newspaper",
  "Pencil",
  "Piano",
  "Plane",
  "Radio",
  "Route",
  "Search",
  "Send",
  "Share2",
  "Trash2",
  "TrendingUp",
  "UserRound",
  "UsersRound",
  "X",
] as const;

/** Brand marks, which lucide does not draw (filled single paths on lucide's 24px grid). */
export const brandIconNames = [
  "Facebook",
  "GitHub",
  "LinkedIn",
  "Twitter",
  "XLogo",
] as const;

/** Shown for any name a content area does not know. */
export const DEFAULT_ICON = "Sparkles";

export type ContentIconName = (typeof contentIconNames)[number];

export type IconName =
  | ContentIconName
  | (typeof uiIconNames)[number]
  | (typeof brandIconNames)[number]
  | typeof DEFAULT_ICON;

/** The icon names each content area accepts (docs/CONTENT.md, Icon names). */
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
    "CalendarDays",
  ],
  motivational: ["Zap", "Heart", "Shield", "BrainCircuit"],
} as const satisfies Record<string, ReadonlyArray<ContentIconName>>;

export type IconSet = keyof typeof iconSets;
