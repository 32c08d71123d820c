import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";

import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { SessionProvider } from "./auth/session-context";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { Notices } from "./components/ui/notices";
import { site } from "./config/site";
import { servicesContext } from "./context";
import { RSS_PATH } from "./lib/feeds/rss";

export function loader({ context }: Route.LoaderArgs) {
  const { nonce, env } = context.get(servicesContext);
  return data({ nonce, siteUrl: env.SITE_URL });
}

// The favicon set and manifest live in public/ (npm run icons draws them).
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
  {
    rel: "alternate",
    type: "application/rss+xml",
    title: `Live ${site.productName} posts`,
    href: RSS_PATH,
  },
];

// Nothing in the root's data changes between navigations.
export function shouldRevalidate() {
  return false;
}

/** The studio draws its own header and main landmark (app/routes/studio/layout.tsx). */
const STUDIO_LAYOUT_ID = "routes/studio/layout";

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useRouteLoaderData<typeof loader>("root")?.nonce;
  const inStudio = useMatches().some((match) => match.id === STUDIO_LAYOUT_ID);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={site.themeColor} />
        {/* With a precedence React writes the stylesheet ahead of the module
            preloads, so the one thing the first paint waits for gets a
            connection first. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-amber-300 px-4 py-2 font-semibold text-slate-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <SessionProvider>
          {inStudio ? (
            children
          ) : (
            <>
              <SiteHeader />
              <main
                id="main-content"
                tabIndex={-1}
                className="flex-1 focus:outline-none"
              >
                {children}
              </main>
              <SiteFooter />
            </>
          )}
        </SessionProvider>
        <Notices />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { heading, detail } =
    status === 404
      ? {
          heading: "Page not found",
          detail:
            "The page you were looking for isn't here. It may have moved, or the link may be mistyped.",
        }
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
    <section className="mx-auto max-w-2xl px-6 py-24 text-center">
      <title>{`${heading} | Live ${site.productName}`}</title>
      <h1 className="font-serif text-4xl font-bold text-white">{heading}</h1>
      <p className="mt-4 text-slate-300">{detail}</p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-full bg-emerald-500 px-6 py-3 font-semibold text-slate-950 hover:bg-emerald-400"
      >
        Back to Home
      </Link>
    </section>
  );
}
