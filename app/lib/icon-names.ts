/**
 * Every icon content may show (lucide names: the icons rows name, and the travel highlight types' icons), plus the default. The
 * sprite app/assets/content-icons.svg holds exactly these (npm run icons).
 */
export const iconNames = [
  "Award",
  "BarChart",
  "BrainCircuit",
  "Briefcase",
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

export type IconName = (typeof iconNames)[number];

/** Shown for any name a content area does not know. */
export const DEFAULT_ICON = "Sparkles";
