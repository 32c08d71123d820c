import type { Route } from "./+types/privacy";
import { PageHero } from "~/components/page/page-hero";
import { cardClass } from "~/components/page/styles";
import { pageMeta } from "~/lib/seo";

// What docs/PRIVACY.md says, in a visitor's words; keep the two in step.
const points: Array<{ heading: string; body: string }> = [
  {
    heading: "What is counted",
    body: "When this site sends you a page, it notes which page it was, the site you came from (only its name, like news.example), the campaign named in the link if there was one, and whether you use a phone, a tablet or a computer and which browser. That is how the owner knows which writing is read.",
  },
  {
    heading: "No cookies, no tracking script",
    body: "Nothing is stored on your device: no cookie, no local storage, and no script is added to any page for counting. Nothing is sent to any other company; the counting happens on this site's own server.",
  },
  {
    heading: "How visitors are told apart, for one day only",
    body: "To count visitors rather than page loads, the server mixes your internet address and your browser's name with a random value that changes every day at midnight UTC, and keeps only the scrambled result. Your address itself is never stored. The random value is deleted after two days, after which no one, the owner included, can link a visit to you or to your visits on other days.",
  },
  {
    heading: "How long it is kept",
    body: "Each page view is kept for 90 days. After that only daily totals remain: how many views and visitors each page, referring site and kind of device had that day.",
  },
  {
    heading: "When nothing is counted",
    body: "If your browser sends Do Not Track or Global Privacy Control, your visits are not counted at all. Neither are search engines and other robots, pages your browser loads in advance, feeds, images, or error pages.",
  },
  {
    heading: "The newsletter",
    body: "If you subscribe, the site keeps your email address, when you agreed, on which page and the words of the form you saw, and whether you confirmed, left or your address stopped working. Nothing else. The mails carry no tracking: no pixel and no tracked links, so no one learns whether you opened one. Every mail has a link that unsubscribes you with one click, at once.",
  },
];

export default function Privacy() {
  return (
    <>
      <PageHero icon="Shield" title="Privacy">
        This site counts its readers without cookies and without following you.
        Here is exactly what it keeps.
      </PageHero>
      <section
        aria-label="How readers are counted"
        className="mx-auto max-w-3xl px-4 py-12 sm:px-6"
      >
        <ul className="space-y-6">
          {points.map((point) => (
            <li key={point.heading} className={`${cardClass} p-6`}>
              <h2 className="font-serif text-xl font-semibold text-white">
                {point.heading}
              </h2>
              <p className="mt-2 leading-relaxed text-slate-300">
                {point.body}
              </p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Privacy",
    description:
      "How this site counts its readers: no cookies, no tracking script, no address stored, and views kept for 90 days.",
  });
}
