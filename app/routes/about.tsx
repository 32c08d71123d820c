import { FollowHandle } from "~/components/posts/post-responses";
import { followHandleOf } from "~shared/fediverse-handle";
import type { Route } from "./+types/about";
import { IconTile } from "~/components/page/icon-tile";
import { PageHero } from "~/components/page/page-hero";
import { textLinkClass } from "~/components/page/styles";
import {
  CoreValuesSection,
  PersonalJourneySection,
} from "~/components/sections/about";
import { servicesContext } from "~/context";
import { readCoreValues, readJourneySections } from "~/data/about.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { readList } from "~/lib/content";
import { useSiteSettings } from "~/lib/root-data";
import { Icon } from "~/lib/icons";
import { pageMeta } from "~/lib/seo";
import { addStructuredData, personJsonLd } from "~/lib/structured-data.server";

export function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db, env } = services;
  addStructuredData(services, personJsonLd(env.SITE_URL, services.settings));
  // Not awaited: each section shows its loading text while its list is slow
  // to come (docs/decisions/062).
  return {
    values: readList(
      () => readCoreValues(db),
      reportReadFailure(services, "core_values", {
        title: "Error",
        description: "Could not fetch core values.",
        variant: "destructive",
      }),
    ),
    journey: readList(
      () => readJourneySections(db),
      reportReadFailure(services, "personal_journey_sections", {
        title: "Error",
        description: "Could not fetch journey sections.",
        variant: "destructive",
      }),
    ),
    followHandle: followHandleOf(services.settings, env.SITE_URL),
  };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const site = useSiteSettings();
  return (
    <>
      <PageHero icon="UserRound" title="What Sets Me Apart">
        {site.tagline} I&apos;m {site.ownerName}: I lead, I mentor, and I keep
        learning from the people I lead.
      </PageHero>
      <ProfessionalFocus />
      <CoreValuesSection list={loaderData.values} />
      <PersonalJourneySection list={loaderData.journey} />
      {loaderData.followHandle ? (
        <FollowHandle handle={loaderData.followHandle} />
      ) : null}
    </>
  );
}

function ProfessionalFocus() {
  const site = useSiteSettings();
  return (
    <section
      aria-labelledby="focus-heading"
      className="mx-auto max-w-4xl px-4 pt-12 sm:px-6 sm:pt-16"
    >
      <div className="flex flex-col gap-6 rounded-2xl border border-amber-300/25 bg-gradient-to-br from-amber-300/10 to-white/5 p-6 sm:flex-row sm:items-start sm:p-8">
        <IconTile tone="amber">
          <Icon name="Briefcase" aria-hidden="true" />
        </IconTile>
        <div>
          <h2
            id="focus-heading"
            className="font-serif text-2xl font-bold tracking-tight text-white"
          >
            Professional Focus
          </h2>
          <p className="mt-2 leading-relaxed text-slate-300">
            By day I lead complex project delivery: bringing people, plans and
            accountability together so that ambitious work ships on time and
            teams come out of it stronger.
          </p>
          <a
            href={site.projectDeliveryUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`mt-4 ${textLinkClass}`}
          >
            Explore my project delivery work
            <Icon name="ExternalLink" aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
      </div>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "About Me",
    description: (settings) =>
      `What sets ${settings.ownerName} apart: core values, a professional focus on project delivery, and a personal journey from a humble start.`,
  });
}
