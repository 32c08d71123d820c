import { data } from "react-router";

import type { Route } from "./+types/content-hub";
import { DeferredValue } from "~/components/deferred-value";
import { PageHero } from "~/components/page/page-hero";
import { PostCard } from "~/components/posts/post-card";
import { SectionList } from "~/components/section-list";
import { PageNotice } from "~/components/ui/page-notices";
import { PageLinks } from "~/components/page/page-links";
import { servicesContext } from "~/context";
import { readContentHubPage } from "~/data/post-archives.server";
import { reportReadFailure } from "~/data/read-failure.server";
import type { ArchivePage } from "~/data/post-archives.server";
import { pagesOf, requestedPage } from "~/lib/archive.server";
import { readList } from "~/lib/content";
import { takeRedirectNotice } from "~/lib/notice-cookie.server";
import type { PostSummary } from "~/lib/posts";
import { archiveOf } from "~/lib/page-param";
import { pageMeta } from "~/lib/seo";

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db } = services;
  const page = requestedPage(request);
  const read: { archive?: ArchivePage<PostSummary> } = {};
  const posts = readList(
    async () => (read.archive = await readContentHubPage(db, page)).items,
    reportReadFailure(services, "posts", {
      title: "Error",
      description: "Could not fetch posts.",
      variant: "destructive",
    }),
  );
  const archive = posts.then(() => read.archive);
  const redirected = await takeRedirectNotice(request);
  // The first page always exists: its read is not awaited, and its list
  // shows 'Loading posts...' while the read is slow (docs/decisions/062). A
  // later page waits, as only its read says whether it exists (404).
  const pages = page === 1 ? archive.then(pagesOf) : pagesOf(await archive);
  return data(
    { posts, pages, notice: redirected.notice },
    { headers: redirected.headers },
  );
}

// Cards in the first row on a wide screen are above the fold.
const EAGER_CARDS = 4;

export default function ContentHubPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero icon="Newspaper" title="Content Hub">
        Every story in one place: trail reports, concert nights, travel logs and
        lessons from a career spent leading and mentoring.
      </PageHero>
      <section
        aria-labelledby="all-posts-heading"
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16"
      >
        <h2 id="all-posts-heading" className="sr-only">
          All posts, newest first
        </h2>
        <SectionList
          list={loaderData.posts}
          loadingText="Loading posts..."
          emptyTitle="No Posts Yet!"
          emptyDescription="Posts will be displayed here soon."
          className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          getKey={(post: PostSummary) => post.slug}
          renderItem={(post, index) => (
            <PostCard
              post={post}
              priority={index === 0}
              eager={index < EAGER_CARDS}
            />
          )}
        />
        <PageLinks
          pathname="/content-hub"
          info={loaderData.pages}
          label="Posts"
        />
      </section>
      <DeferredValue value={loaderData.notice}>
        {(notice) => <PageNotice notice={notice} />}
      </DeferredValue>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Content Hub",
    description: (settings) =>
      `Every post by ${settings.ownerName}, newest first: hiking and nature, live music, travel logs, leadership and mentoring.`,
    archive: archiveOf(args),
  });
}
