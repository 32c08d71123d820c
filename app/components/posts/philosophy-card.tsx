import type { Philosophy } from "~/data/philosophies.server";
import { ContentIcon } from "~/lib/icons";
import type { IconSet } from "~/lib/icons";

/** A Trail or Music Philosophy card: the row's icon (or the default), title and description. */
export function PhilosophyCard({
  philosophy,
  set,
}: {
  philosophy: Philosophy;
  set: IconSet;
}) {
  return (
    <article className="w-full rounded-2xl border border-white/10 bg-white/5 p-6">
      <span className="inline-grid h-12 w-12 place-items-center rounded-xl bg-emerald-500/15">
        <ContentIcon
          name={philosophy.icon}
          set={set}
          className="h-6 w-6 text-emerald-300"
        />
      </span>
      <h3 className="mt-4 text-xl font-semibold text-white">
        {philosophy.title}
      </h3>
      <p className="mt-2 text-slate-300">{philosophy.description}</p>
    </article>
  );
}
