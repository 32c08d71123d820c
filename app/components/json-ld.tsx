import type { SiteEvent } from "~/config/events";
import { useNonce, useSiteUrl } from "~/lib/root-data";
import {
  blogPostingJsonLd,
  eventJsonLd,
  personJsonLd,
  serializeJsonLd,
} from "~/lib/structured-data";
import type { BlogPostingInput, JsonLdObject } from "~/lib/structured-data";

/** Structured data as an inline script, escaped so content cannot break out of it. */
export function JsonLd({ data }: { data: JsonLdObject | JsonLdObject[] }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // serializeJsonLd escapes <, > and &: nothing in it can end the element.
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}

/** The owner as a schema.org Person (Home, About). */
export function PersonJsonLd() {
  const siteUrl = useSiteUrl();
  return <JsonLd data={personJsonLd(siteUrl)} />;
}

/** A post as a schema.org BlogPosting (Single post). */
export function BlogPostingJsonLd({ post }: { post: BlogPostingInput }) {
  const siteUrl = useSiteUrl();
  return <JsonLd data={blogPostingJsonLd(post, siteUrl)} />;
}

/** The given site events as schema.org Events; `page` is where they are shown. */
export function EventsJsonLd({
  events,
  page,
}: {
  events: ReadonlyArray<SiteEvent>;
  page?: string;
}) {
  const siteUrl = useSiteUrl();
  return (
    <JsonLd data={events.map((event) => eventJsonLd(event, siteUrl, page))} />
  );
}
