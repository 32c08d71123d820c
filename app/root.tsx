import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { lazy, Suspense } from "react";

import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { SessionProvider } from "./auth/session-context";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { Notices } from "./components/ui/notices";
import { NoticeViewport } from "./components/ui/page-notices";
import { publicSettings } from "./config/site";
import { iconBase } from "./lib/site-icons.server";
import { servicesContext } from "./context";
import { isAppPath } from "./lib/app-or-document";
import { JsonLd, PageScript, SpeculationRules } from "./lib/document-head";
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

/**
 * Two halves (docs/decisions/058): a public page is a document, rendered
 * here on the server and sent with no framework runtime, only its inline
 * page script (notices, the controls that must act at once) and the
 * speculation rules; the owner's app (app/lib/app-or-document.ts) is React
 * Router's, with its stock scripts and scroll restoration.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = root?.nonce;
  const settings = useRootSettings();
  const { pathname } = useLocation();
  const app = isAppPath(pathname);
  // The demo identity's favicon set and manifest are files in public/ (npm
  // run icons); saved settings get theirs drawn under /icons/<hash>/.
  const icons = root?.iconBase ?? "";
  // The studio draws its own header and main landmark (app/routes/studio/layout.tsx).
  const inStudio = pathname === "/studio" || pathname.startsWith("/studio/");
  return (
    <html lang={settings.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={settings.themeColor} />
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
        <JsonLd />
        {app ? null : <SpeculationRules nonce={nonce} />}
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-amber-300 px-4 py-2 font-semibold text-slate-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <SiteSettings value={settings}>
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
        </SiteSettings>
        {app ? (
          <>
            <Notices />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <>
            <NoticeViewport />
            <PageScript nonce={nonce} />
          </>
        )}
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
