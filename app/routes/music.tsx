import type { Route } from "./+types/music";
import { DeferredValue } from "~/components/deferred-value";
import { CallToAction } from "~/components/page/call-to-action";
import { PageHero } from "~/components/page/page-hero";
import { PageSection } from "~/components/page/page-section";
import { cardClass, cardRows } from "~/components/page/styles";
import { ConcertCard } from "~/components/posts/concert-card";
import { StarRating } from "~/components/posts/star-rating";
import { MusicPhilosophiesSection } from "~/components/sections/music";
import { SectionList } from "~/components/section-list";
import { FeaturedPost } from "~/components/posts/featured-post";
import { PageLinks } from "~/components/page/page-links";
import { servicesContext } from "~/context";
import { readMusicPhilosophies } from "~/data/philosophies.server";
import { readConcertPage } from "~/data/post-archives.server";
import type { CategoryArchive, ConcertPost } from "~/data/post-archives.server";
import { pagesOf, requestedPage } from "~/lib/archive.server";
import { reportReadFailure } from "~/data/read-failure.server";
import { eachList, readAllOrNothing } from "~/lib/all-or-nothing";
import { Icon } from "~/lib/icons";
import type { IconName } from "~/lib/icons";
import { archiveOf } from "~/lib/page-param";
import { pageMeta } from "~/lib/seo";

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const page = requestedPage(request);
  const read: { archive?: CategoryArchive<ConcertPost> } = {};
  // A failed read is logged only; the page shows its empty states.
  const lists = readAllOrNothing(
    {
      concerts: async () =>
        (read.archive = await readConcertPage(db, page)).items,
      philosophies: () => readMusicPhilosophies(db),
    },
    reportReadFailure(services, "music page lists"),
    { db, key: `music?page=${page}` },
  );
  const archive = lists.then((group) =>
    group.concerts.ok ? read.archive : undefined,
  );
  return {
    ...eachList(lists, ["concerts", "philosophies"]),
    latest: archive.then((shown) => shown?.latest ?? null),
    // The first page always exists: its read is not awaited, and its list
    // shows its loading text while the read is slow (docs/decisions/062). A
    // later page waits, as only its read says whether it exists (404).
    pages: page === 1 ? archive.then(pagesOf) : pagesOf(await archive),
  };
}

/** 'Musical Exploration': a fixed part of the page, not content. */
const genres: ReadonlyArray<{ name: string; icon: IconName; note: string }> = [
  {
    name: "Indie Rock",
    icon: "Guitar",
    note: "Small rooms, loud guitars",
  },
  { name: "Folk Fusion", icon: "Disc3", note: "Old songs, new hands" },
  { name: "Cinematic", icon: "Film", note: "Scores that tell a story" },
  { name: "Jazz", icon: "Piano", note: "Listening as a team sport" },
  { name: "Alternative", icon: "Radio", note: "Off the main road" },
  { name: "World Music", icon: "Globe2", note: "Rhythms from everywhere" },
];

export default function MusicPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero icon="Music" title="Live Music">
        Festival stages, basement jazz and grange-hall folk: the nights that
        reminded me why music is best shared in a room.
      </PageHero>
      {/* The newest concert, on every page of the archive. */}
      <DeferredValue value={loaderData.latest}>
        {(latest) =>
          latest ? (
            <FeaturedPost
              id="latest-discovery"
              label="Latest Discovery"
              post={latest}
            >
              <div className="flex flex-col gap-2 text-slate-200">
                <p>
                  <span className="font-semibold">{latest.concert.artist}</span>
                  <span className="text-slate-300">
                    {" "}
                    at {latest.concert.venue}
                  </span>
                </p>
                <StarRating rating={latest.concert.rating} />
              </div>
            </FeaturedPost>
          ) : null
        }
      </DeferredValue>
      <MusicPhilosophiesSection list={loaderData.philosophies} />
      <PageSection id="recent-concerts" title="Recent Concert Experiences">
        <SectionList
          list={loaderData.concerts}
          loadingText="Loading concerts..."
          emptyTitle="Concert Reviews Coming Soon!"
          className={cardRows(3)}
          getKey={(post: ConcertPost) => post.slug}
          renderItem={(post) => <ConcertCard post={post} />}
        />
        <PageLinks
          pathname="/music"
          info={loaderData.pages}
          label="Concert experiences"
          anchor="recent-concerts-heading"
        />
      </PageSection>
      <PageSection id="exploration" title="Musical Exploration">
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:gap-6">
          {genres.map(({ name, icon, note }) => (
            <li key={name} className={`px-4 py-6 text-center ${cardClass}`}>
              <Icon
                name={icon}
                aria-hidden="true"
                className="mx-auto h-8 w-8 text-amber-300"
              />
              <p className="mt-3 font-serif text-lg font-semibold text-white">
                {name}
              </p>
              <p className="mt-1 text-sm text-slate-300">{note}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <CallToAction
        id="share-music"
        title="Share the Music"
        label="Recommend an Artist"
        to="/contact"
      >
        Heard someone I should not miss? Send me a name, a song or a venue.
      </CallToAction>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Live Music",
    description: (settings) =>
      `Concert reviews by ${settings.ownerName}: artists, venues and star ratings, from festival stages to small rooms.`,
    archive: archiveOf(args),
  });
}
