import { data, Link } from "react-router";

import type { Route } from "./+types/not-found";
import { ErrorPage, notFoundText } from "~/components/page/error-page";
import { buttonClass } from "~/components/page/styles";
import { pageMeta } from "~/lib/seo";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <ErrorPage {...notFoundText}>
      <Link to="/" className={buttonClass("primary")}>
        Back to Home
      </Link>
      <Link to="/content-hub" className={buttonClass("secondary")}>
        Browse the Content Hub
      </Link>
    </ErrorPage>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    page: notFoundText.heading,
    description:
      "This page isn't here. Head home or browse the Content Hub for posts on leadership, mentoring and adventure.",
    noindex: true,
  });
}
