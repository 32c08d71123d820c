import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_useScrollRestoration as useScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { lazy, memo, Suspense, useContext, useMemo } from "react";

import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { SessionProvider } from "./auth/session-context";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { Notices } from "./components/ui/notices";
import { publicSettings } from "./config/site";
import { iconBase } from "./lib/site-icons.server";
import { servicesContext } from "./context";
import { useReplayEarlyEvents } from "./lib/early-events";
import { useScrollBackAfterLoad } from "./lib/scroll-back";
import { RSS_PATH } from "./lib/feeds/rss";
import { SiteSettings, useRootSettings } from "./lib/root-data";

export function loader({ context }: Route.LoaderArgs) {
  const { nonce, env, settings } = context.get(servicesContext);
  // The settings every page draws from (docs/decisions/041) travel in the
  // document's data: no page asks for them again.
  return data({
    nonce,
    siteUrl: env.SITE_URL,
    settings: publicSettings(settings),
    iconBase: iconBase(settings),
  });
}

// Nothing in the root's data changes between navigations, but the settings
// when the owner saves them.
export function shouldRevalidate({ formAction }: { formAction?: string }) {
  return formAction === "/studio/settings";
}

/** The studio draws its own header and main landmark (app/routes/studio/layout.tsx). */
const STUDIO_LAYOUT_ID = "routes/studio/layout";

// The layout reads the router's state (its matches, the root's data), so it
// is drawn again at every change to it: the route discovery's answer just
// after hydration, each navigation's loading and settling. The header and
// the footer take no props and follow what they show through their own
// hooks (the location, the session, the settings), so the layout drawing
// again does not draw them again. Their links still are: React Router hands
// every Link a new route context each time it draws the routes (decision
// 057).
const Header = memo(SiteHeader);
const Footer = memo(SiteFooter);

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = root?.nonce;
  const settings = useRootSettings();
  // The demo identity's favicon set and manifest are files in public/ (npm
  // run icons); saved settings get theirs drawn under /icons/<hash>/.
  const icons = root?.iconBase ?? "";
  useReplayEarlyEvents();
  // <ScrollRestoration> without its inline script: the boot script restores a
  // reloaded page's position (app/lib/boot.server.ts), in fewer bytes.
  useScrollRestoration();
  // Back at a list whose cards were still loading: the position it was left at.
  useScrollBackAfterLoad();
  // In the browser React Router's context has no nonce, so the module
  // preloads a <Link prefetch="intent"> adds would be refused by the CSP;
  // the page's own nonce goes on them (decision 039).
  const framework = useContext(FrameworkContext);
  const withNonce = useMemo(
    () =>
      framework && nonce && !framework.nonce
        ? { ...framework, nonce }
        : framework,
    [framework, nonce],
  );
  const inStudio = useMatches().some((match) => match.id === STUDIO_LAYOUT_ID);
  return (
    <html lang={settings.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={settings.themeColor} />
        {/* The server inlines the rules the document uses in place of this
            link, and the boot script loads the whole sheet after the first
            paint with the same precedence, so React adopts it (decision 039). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <link rel="icon" href={`${icons}/favicon.ico`} sizes="32x32" />
        <link rel="icon" href={`${icons}/favicon.svg`} type="image/svg+xml" />
        <link rel="apple-touch-icon" href={`${icons}/apple-touch-icon.png`} />
        <link rel="manifest" href={`${icons}/site.webmanifest`} />
        <Links />
        <link
          rel="alternate"
          type="application/rss+xml"
          title={`Live ${settings.productName} posts`}
          href={RSS_PATH}
        />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-amber-300 px-4 py-2 font-semibold text-slate-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <FrameworkContext value={withNonce}>
          <SiteSettings value={settings}>
            <SessionProvider>
              {inStudio ? (
                children
              ) : (
                <>
                  {/* The header and the footer each hydrate in a pass of their
                    own, after the page's (a Suspense boundary from the
                    server is hydrated after what is around it): the first
                    pass, and its commit, are that much shorter. */}
                  <Suspense fallback={null}>
                    <Header />
                  </Suspense>
                  <main
                    id="main-content"
                    tabIndex={-1}
                    className="flex-1 focus:outline-none"
                  >
                    {children}
                  </main>
                  <Suspense fallback={null}>
                    <Footer />
                  </Suspense>
                </>
              )}
            </SessionProvider>
          </SiteSettings>
        </FrameworkContext>
        <Notices />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// Error pages are rare: their words and layout load with the first one (a
// document rendered as an error page waits for them on the server).
const RootError = lazy(() => import("./components/page/root-error"));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Suspense fallback={null}>
      <RootError status={status} />
    </Suspense>
  );
}
