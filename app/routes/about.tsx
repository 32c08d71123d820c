import { Briefcase, ExternalLink } from "lucide-react";

import type { Route } from "./+types/about";
import { ContentSection } from "~/components/sections/content-section";
import { IconCard } from "~/components/sections/icon-card";
import { PageHero } from "~/components/sections/page-hero";
import { SectionList } from "~/components/section-list";
import { site } from "~/config/site";
import { servicesContext } from "~/context";
import { readCoreValues, readJourneySections } from "~/data/about.server";
import type { CoreValue, JourneySection } from "~/data/about.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { readList } from "~/lib/content";
import { deferKeys } from "~/lib/deferred";
import { pageMeta } from "~/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  const [values, journey] = await Promise.all([
    readList(
      () => readCoreValues(db),
      reportReadFailure(logger, "core_values", {
        title: "Error",
        description: "Could not fetch core values.",
        variant: "destructive",
      }),
    ),
    readList(
      () => readJourneySections(db),
      reportReadFailure(logger, "personal_journey_sections", {
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
      <PageHero title="What Sets Me Apart">
        <p>
          {site.tagline} I&apos;m {site.ownerName}: I lead, I mentor, and I keep
          learning from the people I lead.
        </p>
      </PageHero>
      <ProfessionalFocus />
      <ContentSection
        id="values"
        title="Core Values & Philosophy"
        intro="The principles behind every decision I make, at work and beyond it."
      >
        <SectionList
          list={loaderData.values}
          loadingText="Loading values..."
          emptyTitle="No Core Values Yet!"
          className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          getKey={(value: CoreValue) => value.id}
          renderItem={(value) => (
            <IconCard
              icon={value.icon}
              set="coreValues"
              title={value.title}
              description={value.description}
            />
          )}
        />
      </ContentSection>
      <ContentSection
        id="journey"
        title="My Personal Journey"
        width="max-w-4xl"
      >
        <SectionList
          list={loaderData.journey}
          loadingText="Loading journey..."
          emptyTitle="No Journey Sections Yet!"
          className="mt-10 flex flex-col gap-8"
          getKey={(section: JourneySection) => section.id}
          renderItem={(section) => <JourneyEntry section={section} />}
        />
      </ContentSection>
    </>
  );
}

function ProfessionalFocus() {
  return (
    <section
      aria-labelledby="focus-heading"
      className="mx-auto max-w-4xl px-4 pt-14 sm:px-6"
    >
      <div className="flex flex-col gap-6 rounded-2xl border border-amber-300/25 bg-amber-300/5 p-6 sm:flex-row sm:items-center sm:p-8">
        <span className="inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-xl bg-amber-300/15">
          <Briefcase aria-hidden="true" className="h-7 w-7 text-amber-200" />
        </span>
        <div>
          <h2
            id="focus-heading"
            className="font-serif text-2xl font-bold text-white"
          >
            Professional Focus
          </h2>
          <p className="mt-2 text-slate-300">
            By day I lead complex project delivery: bringing people, plans and
            accountability together so that ambitious work ships on time and
            teams come out of it stronger.
          </p>
          <a
            href={site.links.projectDelivery}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-4 inline-flex items-center gap-2 font-semibold text-amber-200 hover:text-amber-100"
          >
            Explore my project delivery work
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      </div>
    </section>
  );
}

function JourneyEntry({ section }: { section: JourneySection }) {
  return (
    <article
      className="w-full rounded-r-2xl border-l-4 bg-white/5 py-5 pr-6 pl-6"
      style={{ borderColor: section.borderColor }}
    >
      <h3 className="font-serif text-2xl font-semibold text-white">
        {section.title}
      </h3>
      {section.paragraphs.map((paragraph, index) => (
        <p key={index} className="mt-3 leading-relaxed text-slate-300">
          {paragraph}
        </p>
      ))}
    </article>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "About Me",
    description: `What sets ${site.ownerName} apart: core values, a professional focus on project delivery, and a personal journey from a humble start.`,
  });
}
