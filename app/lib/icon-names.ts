/**
 * Every icon a content row may name (lucide names), plus the default. The
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
  "GitBranch",
  "GitFork",
  "Heart",
  "HeartPulse",
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
  "Target",
  "Users",
  "Users2",
  "Utensils",
  "Zap",
] as const;

export type IconName = (typeof iconNames)[number];

/** Shown for any name a content area does not know. */
export const DEFAULT_ICON = "Sparkles";
