import type { ReactNode } from "react";

/**
 * Entry animation (fade 0.6 s, stagger 0.1 s, delay 0.2 s, once, at 30%
 * visibility). Content is visible in the server's HTML; the page script
 * (app/lib/page-script.ts) hides only what starts below the fold, and
 * shows it as it comes into view, unless the visitor asked for reduced motion.
 */
export function Reveal({
  children,
  index = 0,
  className,
}: {
  children: ReactNode;
  index?: number;
  className?: string;
}) {
  return (
    <div
      className={className}
      style={{ "--reveal-index": index % 8 } as React.CSSProperties}
    >
      {children}
    </div>
  );
}
