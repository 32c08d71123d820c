import type { Route } from "./+types/motivational";
import { CallToAction } from "~/components/page/call-to-action";
import { PageHero } from "~/components/page/page-hero";
import { DailyInspirationSection } from "~/components/sections/motivational";
import { servicesContext } from "~/context";
import { readMotivationalSections } from "~/data/motivational.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { readList } from "~/lib/content";
import { pageMeta } from "~/lib/seo";

export function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  // Not awaited: the section shows 'Loading inspiration...' while its list
  // is slow to come (docs/decisions/062).
  const sections = readList(
    () => readMotivationalSections(db),
    // A plain (not destructive) notice for this page.
    reportReadFailure(services, "motivational_sections", {
      title: "Error",
      description: "Could not fetch motivational content.",
    }),
  );
  return { sections };
}

export default function MotivationalPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero icon="Zap" title="Motivational Hub">
        Ideas, habits and words that keep me moving forward on the hard days.
        Take what helps, and pass it on.
      </PageHero>
      <DailyInspirationSection list={loaderData.sections} />
      <CallToAction
        id="share"
        title="What Keeps You Going?"
        to="/contact"
        label="Share Your Motivation"
      >
        A quote, a habit or a story that pulled you through: I&apos;d love to
        hear what motivates you.
      </CallToAction>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Motivational Hub",
    description: (settings) =>
      `Motivation for leaders and learners: the ideas, habits and quotes ${settings.ownerName} returns to when the going gets hard.`,
  });
}
