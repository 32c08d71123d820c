// One look for every page: the class lists cards, buttons, links and labels
// share. Kept as whole literal strings so Tailwind finds every class.

/** The site's card: a rounded panel a shade lighter than the page. */
export const cardClass = "rounded-2xl border border-white/10 bg-white/5";

/** A card that is one click target: it lights up on hover. */
export const linkedCardClass = `${cardClass} transition-colors hover:border-emerald-400/50 hover:bg-white/[0.07]`;

/** A card's title (h3). */
export const cardTitleClass = "font-serif text-xl font-semibold text-white";

/** The small label above a title: 'Latest Adventure', 'Featured Event', a post's category. */
export const eyebrowClass =
  "text-xs font-semibold tracking-[0.18em] text-amber-300 uppercase";

/** A link inside text or at the foot of a card. */
export const textLinkClass =
  "inline-flex items-center gap-1.5 font-semibold text-emerald-300 underline-offset-4 hover:text-emerald-200 hover:underline";

const buttonVariants = {
  /** The one main action of a block. */
  primary: "bg-emerald-500 text-slate-950 hover:bg-emerald-400",
  /** Any other action beside or instead of it. */
  secondary:
    "border border-white/20 text-white hover:border-white/40 hover:bg-white/5",
  /** An action that removes something. */
  danger: "border border-rose-400/40 text-rose-200 hover:bg-rose-500/10",
  /** The button that confirms a removal (a dialog's answer to "Are you sure?"). */
  dangerSolid: "bg-rose-600 text-white hover:bg-rose-500",
} as const;

const buttonSizes = {
  sm: "px-4 py-2 text-sm",
  md: "px-5 py-2.5",
  lg: "px-7 py-3 text-lg",
} as const;

/** A link or button drawn as a button: pill-shaped, in one of four roles. */
export function buttonClass(
  variant: keyof typeof buttonVariants = "primary",
  size: keyof typeof buttonSizes = "md",
): string {
  return `inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${buttonVariants[variant]} ${buttonSizes[size]}`;
}

const cardRowClasses = {
  2: "flex flex-wrap justify-center gap-6 [&>li]:w-full md:[&>li]:w-[calc((100%-1.5rem)/2)]",
  3: "flex flex-wrap justify-center gap-6 [&>li]:w-full sm:[&>li]:w-[calc((100%-1.5rem)/2)] lg:[&>li]:w-[calc((100%-3rem)/3)]",
  4: "flex flex-wrap justify-center gap-6 [&>li]:w-full sm:[&>li]:w-[calc((100%-1.5rem)/2)] lg:[&>li]:w-[calc((100%-4.5rem)/4)]",
} as const;

/**
 * A list of cards in rows of up to 2, 3 or 4 on wide screens (one on a
 * phone); a short last row sits in the middle rather than hanging left.
 */
export function cardRows(columns: keyof typeof cardRowClasses): string {
  return cardRowClasses[columns];
}
