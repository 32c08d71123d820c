import { useId } from "react";
import { Icon } from "~/lib/icons";

/** A list of short texts, each with a check mark, under an optional label ('Key Benefits'). */
export function CheckList({
  items,
  label,
}: {
  items: ReadonlyArray<string>;
  label?: string;
}) {
  const labelId = useId();
  return (
    <div>
      {label ? (
        <p id={labelId} className="text-sm font-semibold text-amber-200">
          {label}
        </p>
      ) : null}
      <ul
        aria-labelledby={label ? labelId : undefined}
        className={`space-y-2 ${label ? "mt-3" : ""}`}
      >
        {items.map((item, index) => (
          <li key={index} className="flex items-start gap-2.5 text-slate-300">
            <Icon
              name="CircleCheck"
              aria-hidden="true"
              className="mt-0.5 h-5 w-5 shrink-0 text-emerald-300"
            />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
