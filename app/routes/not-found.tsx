import { data, Link } from "react-router";

import type { Route } from "./+types/not-found";
import { buttonClass } from "~/components/page/styles";
import { pageMeta } from "~/lib/seo";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="font-serif text-4xl font-bold tracking-tight text-white">
        Page not found
      </h1>
      <p className="mt-4 text-slate-300">
        The page you were looking for isn't here. It may have moved, or the link
        may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass("primary")}>
          Back to Home
        </Link>
        <Link to="/content-hub" className={buttonClass("secondary")}>
          Browse the Content Hub
        </Link>
      </div>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: "Page not found",
    description:
      "This page isn't here. Head home or browse the Content Hub for posts on leadership, mentoring and adventure.",
    noindex: true,
  });
}
