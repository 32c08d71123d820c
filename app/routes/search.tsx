import { Fragment } from "react";
import { data, Form } from "react-router";

import type { Route } from "./+types/search";
import { DeferredValue } from "~/components/deferred-value";
import { PageHero } from "~/components/page/page-hero";
import { buttonClass, cardClass, eyebrowClass } from "~/components/page/styles";
import { PostTitleLink } from "~/components/posts/post-title-link";
import { EmptyState, LoadingText } from "~/components/section-list";
import { PageLinks } from "~/components/page/page-links";
import { servicesContext } from "~/context";
import { reportReadFailure } from "~/data/read-failure.server";
import { searchPosts } from "~/data/search.server";
import type { SearchResults } from "~/data/search.server";
import { pagesOf } from "~/lib/archive.server";
import { Icon } from "~/lib/icons";
import { formatPostDate } from "~/lib/posts";
import { SEARCH_LIMITS, SEARCH_PATH } from "~/lib/search";
import type { SearchHit, TextPart } from "~/lib/search";
import { searchFromUrl } from "~/lib/search-schema";
import { archiveOf } from "~/lib/page-param";
import { pageMeta } from "~/lib/seo";

type SearchState =
  | { status: "idle" }
  | { status: "invalid"; query: string; error: string }
  | { status: "failed"; query: string }
  | { status: "found"; query: string; results: SearchResults };

export async function loader({ context, request }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const asked = searchFromUrl(new URL(request.url));
  if (!asked) {
    return { search: { status: "idle" } as SearchState, pages: null };
  }
  if (!asked.ok) {
    const { query, error } = asked;
    return data(
      {
        search: { status: "invalid", query, error } as SearchState,
        pages: null,
      },
      { status: 400 },
    );
  }
  const { q, page } = asked.search;
  let results: SearchResults;
  try {
    results = await searchPosts(services.db, q, page);
  } catch (error) {
    reportReadFailure(services, "search").report(error);
    return data(
      { search: { status: "failed", query: q } as SearchState, pages: null },
      { status: 503 },
    );
  }
  return {
    search: { status: "found", query: q, results } as SearchState,
    pages: results.total > 0 ? pagesOf(results) : null,
  };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero icon="Search" title="Search">
        Find any post: trail reports, concert nights, travel logs and lessons in
        leading and mentoring, by the words in them.
      </PageHero>
      <section
        aria-labelledby="search-results-heading"
        className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16"
      >
        <DeferredValue
          value={loaderData.search}
          fallback={<SearchForm query="" />}
        >
          {(search) => (
            <SearchForm
              query={search.status === "idle" ? "" : search.query}
              error={search.status === "invalid" ? search.error : undefined}
            />
          )}
        </DeferredValue>
        <h2 id="search-results-heading" className="sr-only">
          Results
        </h2>
        <DeferredValue
          value={loaderData.search}
          fallback={<LoadingText text="Searching..." />}
        >
          {(search) => <SearchOutcome search={search} />}
        </DeferredValue>
        <DeferredValue value={loaderData.search}>
          {(search) =>
            search.status === "found" ? (
              <PageLinks
                pathname={SEARCH_PATH}
                info={loaderData.pages}
                label="Search results"
                params={{ q: search.query }}
              />
            ) : null
          }
        </DeferredValue>
      </section>
    </>
  );
}

const ERROR_ID = "search-page-error";

/** The page's own search form: a plain GET form, so it works without JavaScript. */
function SearchForm({ query, error }: { query: string; error?: string }) {
  return (
    <Form method="get" action={SEARCH_PATH} role="search" className="mb-10">
      <label
        htmlFor="search-page-query"
        className="block text-sm font-semibold text-slate-200"
      >
        Search posts
      </label>
      <div className="mt-2 flex gap-2">
        <input
          // A new search shows its own words.
          key={query}
          id="search-page-query"
          type="search"
          name="q"
          defaultValue={query}
          required
          maxLength={SEARCH_LIMITS.length}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ERROR_ID : undefined}
          className="min-w-0 flex-1 rounded-full border border-white/15 bg-slate-900 px-5 py-3 text-white placeholder:text-slate-500 focus:border-emerald-400"
          placeholder="e.g. alpine lakes, jazz, Kyoto"
        />
        <button type="submit" className={buttonClass()}>
          <Icon name="Search" aria-hidden="true" className="h-5 w-5" />
          Search
        </button>
      </div>
      {error ? (
        <p id={ERROR_ID} role="alert" className="mt-2 text-sm text-rose-300">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

function SearchOutcome({ search }: { search: SearchState }) {
  switch (search.status) {
    case "idle":
    case "invalid":
      return null;
    case "failed":
      return (
        <EmptyState
          title="Search is unavailable right now."
          description="Please try again in a moment, or browse the Content Hub."
        />
      );
    case "found": {
      const { results, query } = search;
      if (results.total === 0) {
        return (
          <div role="status">
            <EmptyState
              title={`No posts match “${query}”.`}
              description="Try fewer or different words, or browse the Content Hub."
            />
          </div>
        );
      }
      return (
        <>
          <p role="status" className="mb-6 text-slate-300">
            {results.total === 1
              ? `1 post matches “${query}”.`
              : `${results.total} posts match “${query}”.`}
          </p>
          <ol className="flex flex-col gap-4">
            {results.hits.map((hit) => (
              <li key={hit.id}>
                <SearchResult hit={hit} />
              </li>
            ))}
          </ol>
        </>
      );
    }
  }
}

function SearchResult({ hit }: { hit: SearchHit }) {
  return (
    <article className={`relative p-5 ${cardClass}`}>
      <p className={eyebrowClass}>
        {hit.category} ·{" "}
        <time dateTime={hit.date}>{formatPostDate(hit.date)}</time>
      </p>
      <PostTitleLink slug={hit.slug} className="mt-2">
        <Marked parts={hit.title} />
      </PostTitleLink>
      <p className="mt-2 text-sm text-slate-300">
        <Marked parts={hit.snippet} />
      </p>
    </article>
  );
}

/** Text with the matched words marked; every part is text, never HTML. */
function Marked({ parts }: { parts: TextPart[] }) {
  return parts.map((part, index) =>
    part.mark ? (
      <mark
        key={index}
        className="rounded bg-amber-300/90 px-0.5 text-slate-950"
      >
        {part.text}
      </mark>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}

export function meta(args: Route.MetaArgs) {
  const query = new URLSearchParams(args.location.search).get("q");
  return pageMeta(args, {
    page: query ? `Search: ${query.slice(0, SEARCH_LIMITS.length)}` : "Search",
    description: (settings) =>
      `Search every post by ${settings.ownerName}: hiking and nature, live music, travel logs, leadership and mentoring.`,
    // Result pages are for visitors; crawlers reach every post through the archives and the sitemap.
    noindex: query !== null,
    archive: query ? { ...archiveOf(args), params: { q: query } } : undefined,
  });
}
