import { CircleCheck } from "lucide-react";

/** A list of short texts, each with a check mark. */
export function CheckList({
  items,
  label,
}: {
  items: ReadonlyArray<string>;
  /** Names the list for assistive technology, e.g. the label shown above it. */
  label?: string;
}) {
  return (
    <ul aria-label={label} className="mt-3 space-y-2">
      {items.map((item, index) => (
        <li key={index} className="flex items-start gap-2 text-slate-300">
          <CircleCheck
            aria-hidden="true"
            className="mt-0.5 h-5 w-5 shrink-0 text-emerald-300"
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
