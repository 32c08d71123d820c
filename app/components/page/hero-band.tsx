import type { ReactNode } from "react";

const sizes = {
  page: "max-w-3xl pt-14 pb-12 sm:pt-20 sm:pb-16",
  home: "max-w-4xl py-20 sm:py-32",
} as const;

/** The band every page opens with: a soft emerald glow from the top, a centred column, a rule below. */
export function HeroBand({
  size = "page",
  children,
}: {
  size?: keyof typeof sizes;
  children: ReactNode;
}) {
  return (
    <header className="relative isolate overflow-hidden border-b border-white/10">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(16,185,129,0.18),transparent_65%)]"
      />
      <div
        className={`mx-auto flex flex-col items-center px-4 text-center sm:px-6 ${sizes[size]}`}
      >
        {children}
      </div>
    </header>
  );
}
