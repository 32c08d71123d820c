import { ExternalLink } from "lucide-react";

import type { Route } from "./+types/about";
import { SectionList } from "~/components/section-list";
import { site } from "~/config/site";
import { servicesContext } from "~/context";
import { readCoreValues, readJourneySections } from "~/data/about.server";
import type { CoreValue, JourneySection } from "~/data/about.server";
import { readList } from "~/lib/content";
import { deferKeys } from "~/lib/deferred";
import { ContentIcon } from "~/lib/icons";
import { pageMeta } from "~/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const [values, journey] = await Promise.all([
    readList(
      () => readCoreValues(db),
      () => ({
        title: "Error",
        description: "Could not fetch core values.",
        variant: "destructive",
      }),
    ),
    readList(
      () => readJourneySections(db),
      () => ({
        title: "Error",
        description: "Could not fetch journey sections.",
        variant: "destructive",
      }),
    ),
  ]);
  return { values, journey };
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return deferKeys(serverLoader(), ["values", "journey"]);
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h1 className="font-serif text-4xl font-bold text-white">
          What Sets Me Apart
        </h1>
        <a
          href={site.links.projectDelivery}
          target="_blank"
          rel="noopener noreferrer"
        >
          Project delivery{" "}
          <ExternalLink aria-hidden="true" className="inline h-4 w-4" />
        </a>
      </section>
      <section
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6"
        aria-labelledby="values-heading"
      >
        <h2
          id="values-heading"
          className="font-serif text-3xl font-bold text-white"
        >
          Core Values &amp; Philosophy
        </h2>
        <SectionList
          list={loaderData.values}
          loadingText="Loading values..."
          emptyTitle="No Core Values Yet!"
          className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          getKey={(value: CoreValue) => value.id}
          renderItem={(value) => (
            <article className="w-full rounded-2xl border border-white/10 bg-white/5 p-6">
              <ContentIcon
                name={value.icon}
                set="coreValues"
                className="h-8 w-8 text-emerald-300"
              />
              <h3 className="mt-4 text-xl font-semibold text-white">
                {value.title}
              </h3>
              <p className="mt-2 text-slate-300">{value.description}</p>
            </article>
          )}
        />
      </section>
      <section
        className="mx-auto max-w-4xl px-4 py-12 sm:px-6"
        aria-labelledby="journey-heading"
      >
        <h2
          id="journey-heading"
          className="font-serif text-3xl font-bold text-white"
        >
          My Personal Journey
        </h2>
        <SectionList
          list={loaderData.journey}
          loadingText="Loading journey..."
          emptyTitle="No Journey Sections Yet!"
          className="mt-8 flex flex-col gap-6"
          getKey={(section: JourneySection) => section.id}
          renderItem={(section) => (
            <article
              className="w-full border-l-4 pl-6"
              style={{ borderColor: section.borderColor }}
            >
              <h3 className="text-xl font-semibold text-white">
                {section.title}
              </h3>
              {section.content.split(/\n\s*\n/).map((paragraph, index) => (
                <p key={index} className="mt-3 text-slate-300">
                  {paragraph}
                </p>
              ))}
            </article>
          )}
        />
      </section>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "About Me",
    description: `What sets ${site.ownerName} apart: core values, philosophy and a personal journey from a humble start.`,
  });
}
