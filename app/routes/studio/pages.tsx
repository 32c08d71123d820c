import { data, Link } from "react-router";

import type { Route } from "./+types/pages";
import { cardClass, textLinkClass } from "~/components/page/styles";
import { countSectionRows } from "~/data/studio-sections.server";
import { Icon } from "~/lib/icons";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { sectionConfigs, sectionPages } from "~/studio/sections";
import { headingClass } from "~/studio/ui";

export async function loader(args: Route.LoaderArgs) {
  const { db } = await requireStudioOwner(args);
  return data({ counts: await countSectionRows(db) });
}

export default function StudioPages({ loaderData }: Route.ComponentProps) {
  const { counts } = loaderData;
  return (
    <>
      <h1 className={headingClass}>Pages</h1>
      <p className="mt-2 text-slate-300">
        The lists on each public page: add, edit, reorder or remove their
        entries.
      </p>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {sectionPages.map((page) => (
          <section
            key={page.name}
            aria-labelledby={`page-${page.name}`}
            className={`${cardClass} p-5`}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2
                id={`page-${page.name}`}
                className="text-lg font-semibold text-white"
              >
                {page.name}
              </h2>
              <a href={page.path} className={textLinkClass}>
                View the {page.name} page
                <Icon
                  name="ExternalLink"
                  aria-hidden="true"
                  className="h-4 w-4"
                />
              </a>
            </div>
            <ul className="mt-3 space-y-2">
              {page.tables.map((table) => {
                const config = sectionConfigs[table];
                const count = counts[table] ?? 0;
                return (
                  <li
                    key={table}
                    className="flex justify-between gap-2 text-sm"
                  >
                    <Link
                      to={`/studio/pages/${config.slug}`}
                      className={textLinkClass}
                    >
                      {config.name}
                    </Link>
                    <span className="text-slate-400">
                      {count === 1 ? "1 entry" : `${count} entries`}
                    </span>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Pages");
}
