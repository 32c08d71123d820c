import type { ReactNode } from "react";

/** A quote set off from a card's text: serif, italic, with an amber rule. */
export function PullQuote({ children }: { children: ReactNode }) {
  return (
    <blockquote className="border-l-2 border-amber-300/80 pl-4 font-serif text-lg leading-relaxed text-amber-100 italic">
      <p>{children}</p>
    </blockquote>
  );
}

/** A card's closing quote, at the card's foot; nothing when there is none. */
export function CardQuote({ quote }: { quote: string }) {
  if (!quote) return null;
  return (
    <div className="mt-auto">
      <PullQuote>{quote}</PullQuote>
    </div>
  );
}
