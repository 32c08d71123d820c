import { Quote } from "lucide-react";

import type { Route } from "./+types/motivational";
import { CallToAction } from "~/components/sections/call-to-action";
import { ContentSection } from "~/components/sections/content-section";
import { IconCard } from "~/components/sections/icon-card";
import { PageHero } from "~/components/sections/page-hero";
import { SectionList } from "~/components/section-list";
import { site } from "~/config/site";
import { servicesContext } from "~/context";
import { readMotivationalSections } from "~/data/motivational.server";
import type { MotivationalSection } from "~/data/motivational.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { readList } from "~/lib/content";
import { deferKeys } from "~/lib/deferred";
import { pageMeta } from "~/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = context.get(servicesContext);
  const sections = await readList(
    () => readMotivationalSections(db),
    // Spec §8: a plain (not destructive) notice for this page.
    reportReadFailure(logger, "motivational_sections", {
      title: "Error",
      description: "Could not fetch motivational content.",
    }),
  );
  return { sections };
}

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return deferKeys(serverLoader(), ["sections"]);
}

export default function MotivationalPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Motivational Hub">
        <p>
          Ideas, habits and words that keep me moving forward on the hard days.
          Take what helps, and pass it on.
        </p>
      </PageHero>
      <ContentSection id="inspiration" title="Daily Inspiration">
        <SectionList
          list={loaderData.sections}
          loadingText="Loading inspiration..."
          emptyTitle="No Motivational Sections Yet!"
          className="mt-10 grid gap-6 md:grid-cols-2"
          getKey={(section: MotivationalSection) => section.id}
          renderItem={(section) => (
            <IconCard
              icon={section.icon}
              set="motivational"
              title={section.title}
              description={section.description}
            >
              {section.quote ? (
                <div className="mt-auto pt-5">
                  <blockquote className="flex gap-3 border-t border-white/10 pt-4 font-serif text-lg text-amber-100 italic">
                    <Quote
                      aria-hidden="true"
                      className="h-5 w-5 shrink-0 text-amber-300"
                    />
                    <p>{section.quote}</p>
                  </blockquote>
                </div>
              ) : null}
            </IconCard>
          )}
        />
      </ContentSection>
      <CallToAction
        id="share"
        title="What Keeps You Going?"
        text="A quote, a habit or a story that pulled you through: I'd love to hear what motivates you."
        to="/contact"
        label="Share Your Motivation"
      />
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Motivational Hub",
    description: `Motivation for leaders and learners: the ideas, habits and quotes ${site.ownerName} returns to when the going gets hard.`,
  });
}
