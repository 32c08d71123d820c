import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** The opening of a themed page: its one <h1> and a short welcome. */
export function PageIntro({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-7xl px-4 pt-16 pb-8 text-center sm:px-6">
      <Icon aria-hidden="true" className="mx-auto h-10 w-10 text-emerald-300" />
      <h1 className="mt-4 font-serif text-4xl font-bold text-white sm:text-5xl">
        {title}
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-300">
        {children}
      </p>
    </section>
  );
}
