// The readers screen's period: the fixed ranges as links, and a custom one
// as a plain GET form, so the period is in the address and works without
// JavaScript.
import { useId } from "react";
import { Form, Link } from "react-router";

import { buttonClass, cardClass } from "~/components/page/styles";

import { READER_RANGES, rangeLabels } from "./readers";
import type { ReaderQuery } from "./readers";
import { fieldClass, labelClass } from "./ui";

export function PeriodChooser({ query }: { query: ReaderQuery }) {
  return (
    <div className={`${cardClass} mt-6 p-4`}>
      <nav aria-label="Period">
        <ul className="flex flex-wrap gap-2">
          {READER_RANGES.filter((range) => range !== "custom").map((range) => (
            <li key={range}>
              <Link
                to={`?range=${range}`}
                aria-current={query.range === range ? "page" : undefined}
                className={buttonClass(
                  query.range === range ? "primary" : "secondary",
                  "sm",
                )}
              >
                {rangeLabels[range]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        method="get"
        className="mt-4 flex flex-wrap items-end gap-4"
        aria-label="Custom period"
      >
        <input type="hidden" name="range" value="custom" />
        <DateField
          name="from"
          label="From"
          value={query.range === "custom" ? query.from : undefined}
        />
        <DateField
          name="to"
          label="To"
          value={query.range === "custom" ? query.to : undefined}
        />
        <button type="submit" className={buttonClass("secondary", "md")}>
          Show period
        </button>
      </Form>
    </div>
  );
}

function DateField({
  name,
  label,
  value,
}: {
  name: string;
  label: string;
  value: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="date"
        required
        defaultValue={value}
        className={fieldClass}
      />
    </div>
  );
}
