import { Link } from "react-router";

import { pageTitle } from "~/config/site";
import { useSiteSettings } from "~/lib/root-data";

import { ErrorPage, notFoundText } from "./error-page";
import { buttonClass } from "./styles";

/** What the root's error boundary shows for a status: a missing page, a refused form, or a failure. */
export default function RootError({ status }: { status: number }) {
  const { productName } = useSiteSettings();
  const { heading, detail } =
    status === 404
      ? notFoundText
      : status === 405
        ? {
            // A form posted to a page that takes none (e.g. a forged change).
            heading: "Not allowed",
            detail:
              "This page can't be changed from here. Everything on this site is read-only, apart from the contact form.",
          }
        : {
            heading: "Something went wrong",
            detail:
              "An unexpected error stopped this page from loading. Please try again in a moment.",
          };
  return (
    <>
      <title>{pageTitle(heading, productName)}</title>
      <ErrorPage heading={heading} detail={detail}>
        <Link to="/" className={buttonClass("primary")}>
          Back to Home
        </Link>
      </ErrorPage>
    </>
  );
}
