import { useId } from "react";
import { Link } from "react-router";

import { FollowHandle } from "~/components/posts/post-responses";
import { activityLink } from "~/components/posts/post-responses";
import { followHandleOf } from "~shared/fediverse-handle";
import type { Route } from "./+types/home";
import { CallToAction } from "~/components/page/call-to-action";
import { HeroBand } from "~/components/page/hero-band";
import { IconTile } from "~/components/page/icon-tile";
import { PageSection } from "~/components/page/page-section";
import {
  buttonClass,
  cardClass,
  cardTitleClass,
  eyebrowClass,
  textLinkClass,
} from "~/components/page/styles";
import { Reveal } from "~/components/reveal";
import { NewsletterJoinForm } from "~/components/newsletter/join-form";
import { servicesContext } from "~/context";
import { newsletterForPage } from "~/data/newsletter-settings.server";
import { Icon } from "~/lib/icons";
import { useSiteSettings } from "~/lib/root-data";
import type { IconName } from "~/lib/icons";
import type { NewsletterSettings } from "~/lib/newsletter-schema";
import { pageMeta } from "~/lib/seo";
import { addStructuredData, personJsonLd } from "~/lib/structured-data.server";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  addStructuredData(
    services,
    personJsonLd(services.env.SITE_URL, services.settings),
  );
  const followHandle = followHandleOf(services.settings, services.env.SITE_URL);
  return {
    newsletter: await newsletterForPage(services),
    followHandle,
    // The site's actor, for clients that look for it from the home page.
    activityUrl: followHandle
      ? new URL("/fediverse/site", services.env.SITE_URL).href
      : null,
  };
}

interface HomeCard {
  icon: IconName;
  title: string;
  description: string;
  /** Tailwind gradient stops for the card's accent. */
  gradient: string;
  href: string;
}

/** 'Explore My World', in the site's order. */
const homeCards: ReadonlyArray<HomeCard> = [
  {
    icon: "Newspaper",
    title: "Content Hub",
    description:
      "Every story in one place: trail reports, concert nights, travel logs and leadership notes.",
    gradient: "from-emerald-400 to-teal-500",
    href: "/content-hub",
  },
  {
    icon: "Zap",
    title: "Motivational Hub",
    description:
      "Ideas and quotes for the days when momentum needs a little help.",
    gradient: "from-amber-300 to-orange-500",
    href: "/motivational",
  },
  {
    icon: "Users",
    title: "Leadership & Mentoring",
    description:
      "Generational leadership: wisdom and innovation flowing in both directions.",
    gradient: "from-sky-400 to-indigo-500",
    href: "/leadership",
  },
  {
    icon: "UsersRound",
    title: "Community",
    description:
      "Breakfasts, hikes and gatherings that turn neighbours into a network.",
    gradient: "from-rose-400 to-pink-500",
    href: "/community",
  },
  {
    icon: "Mountain",
    title: "Hiking & Nature",
    description:
      "Trail write-ups and the lessons a long climb teaches about pace and patience.",
    gradient: "from-lime-400 to-emerald-600",
    href: "/hiking",
  },
  {
    icon: "Music",
    title: "Live Music",
    description:
      "Concert reviews from big festival stages to hundred-seat rooms.",
    gradient: "from-fuchsia-400 to-purple-600",
    href: "/music",
  },
  {
    icon: "Dumbbell",
    title: "Fitness & Nutrition",
    description:
      "Routines and habits that keep a busy life strong, rested and well fed.",
    gradient: "from-orange-400 to-red-500",
    href: "/fitness",
  },
  {
    icon: "Plane",
    title: "Travel",
    description:
      "Journeys near and far, and the people and places that changed how I see things.",
    gradient: "from-cyan-400 to-blue-600",
    href: "/travel",
  },
];

export default function HomePage({ loaderData }: Route.ComponentProps) {
  // All but the newsletter form is text and links (decision 033).
  return (
    <>
      <Hero />
      <ExploreMyWorld />
      <CallToAction
        id="connect"
        title="Ready to Connect?"
        label="Let's Talk"
        to="/contact"
      >
        Whether it is a speaking invitation, a mentoring conversation or a trail
        recommendation, I would love to hear from you.
      </CallToAction>
      {loaderData.followHandle ? (
        <FollowHandle handle={loaderData.followHandle} />
      ) : null}
      <Newsletter settings={loaderData.newsletter} />
    </>
  );
}

function Hero() {
  const site = useSiteSettings();
  return (
    <HeroBand size="home">
      <p className={`text-balance sm:text-sm ${eyebrowClass}`}>
        {site.tagline}
      </p>
      <h1 className="mt-6 font-serif text-5xl font-bold tracking-tight text-white sm:text-7xl">
        {site.ownerName}
      </h1>
      <p className="mt-6 max-w-2xl font-serif text-2xl text-balance text-emerald-200 sm:text-3xl">
        {site.headline}
      </p>
      <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row sm:gap-4">
        <Link to="/about" className={buttonClass("primary", "lg")}>
          Discover My Journey
          <Icon name="ArrowRight" aria-hidden="true" className="h-5 w-5" />
        </Link>
        <a
          href={site.professionalUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass("secondary", "lg")}
        >
          Visit My Professional Site
          <Icon name="ExternalLink" aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </HeroBand>
  );
}

function ExploreMyWorld() {
  return (
    <PageSection
      id="explore"
      title="Explore My World"
      intro="Eight corners of one life: the work, the people and the places that keep me learning."
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {homeCards.map((card, index) => (
          <li key={card.href} className="flex">
            <Reveal index={index} className="flex w-full">
              <ExploreCard card={card} />
            </Reveal>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

function ExploreCard({ card }: { card: HomeCard }) {
  return (
    <article
      className={`relative flex w-full flex-col overflow-hidden p-6 ${cardClass}`}
    >
      <div
        aria-hidden="true"
        className={`absolute inset-x-0 top-0 h-1 bg-gradient-to-r ${card.gradient}`}
      />
      <span
        className={`inline-grid h-12 w-12 place-items-center rounded-xl bg-gradient-to-br ${card.gradient}`}
      >
        <Icon
          name={card.icon}
          aria-hidden="true"
          className="h-6 w-6 text-slate-950"
        />
      </span>
      <h3 className={`mt-5 ${cardTitleClass}`}>{card.title}</h3>
      <p className="mt-2 flex-1 leading-relaxed text-slate-300">
        {card.description}
      </p>
      <Link
        to={card.href}
        prefetch="intent"
        className={`mt-5 w-fit ${textLinkClass}`}
      >
        Explore
        <span className="sr-only"> {card.title}</span>
        <Icon name="ArrowRight" aria-hidden="true" className="h-4 w-4" />
      </Link>
    </article>
  );
}

function Newsletter({ settings }: { settings: NewsletterSettings }) {
  const emailId = useId();
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="mx-auto max-w-3xl px-4 pt-4 pb-16 text-center sm:px-6 sm:pb-24"
    >
      <div className="flex justify-center">
        <IconTile>
          <Icon name="Mail" aria-hidden="true" />
        </IconTile>
      </div>
      <h2
        id="newsletter-heading"
        className="mt-5 font-serif text-3xl font-bold tracking-tight text-white sm:text-4xl"
      >
        Join the Newsletter
      </h2>
      {settings.enabled ? (
        <>
          <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-slate-300">
            {settings.promise}
          </p>
          <NewsletterJoinForm
            settings={settings}
            source="/"
            labelledBy="newsletter-heading"
          />
        </>
      ) : (
        <NotImplementedNewsletter emailId={emailId} />
      )}
    </section>
  );
}

/** The spec's form, while the owner has the newsletter off: it sends nothing. */
function NotImplementedNewsletter({ emailId }: { emailId: string }) {
  return (
    <>
      <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-slate-300">
        A short letter now and then: new posts, upcoming events and one good
        idea worth passing on.
      </p>
      {/* The browser checks the address first; then only the not-implemented
          notice shows (the page script: data-notice). The field has no
          name, so even a submit without any script sends nothing. */}
      <form
        aria-labelledby="newsletter-heading"
        data-notice="not-implemented"
        className="mx-auto mt-8 flex max-w-md flex-col gap-3 sm:flex-row"
      >
        <label htmlFor={emailId} className="sr-only">
          Email address
        </label>
        <input
          id={emailId}
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          className="min-w-0 flex-1 rounded-full border border-white/20 bg-white/5 px-5 py-3 text-white placeholder:text-slate-400 focus:border-emerald-400/60"
        />
        <button type="submit" className={buttonClass("primary")}>
          Subscribe
        </button>
      </form>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  const activityUrl = args.loaderData?.activityUrl;
  return [
    ...pageMeta(args, {
      page: "Home",
      description: (settings) =>
        `${settings.ownerName}: ${settings.headline}. ${settings.tagline} Leadership, mentoring, the outdoors, live music and travel.`,
    }),
    ...(activityUrl ? [activityLink(activityUrl)] : []),
  ];
}
