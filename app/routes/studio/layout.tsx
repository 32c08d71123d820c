import {
  data,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useRouteLoaderData,
} from "react-router";
import type { ShouldRevalidateFunctionArgs } from "react-router";

import type { Route } from "./+types/layout";
import { ErrorPage } from "~/components/page/error-page";
import { buttonClass } from "~/components/page/styles";
import { countUnread } from "~/data/inbox.server";
import { pageTitle } from "~/config/site";
import { Icon } from "~/lib/icons";
import { useSiteSettings } from "~/lib/root-data";
import { requireStudioOwner } from "~/studio/gate.server";
import { studioMeta } from "~/studio/meta";
import { MESSAGES_HREF, studioNavigation } from "~/studio/navigation";
import { useStickyHeight } from "~/studio/sticky-height";
import { studioStylesheetLinks } from "~/studio/stylesheet";

export async function loader(args: Route.LoaderArgs) {
  const { owner, db } = await requireStudioOwner(args);
  return data({
    owner: { name: owner.name, email: owner.email },
    unread: await countUnread(db),
  });
}

export const links: Route.LinksFunction = () => studioStylesheetLinks;

// Opening a message marks it read: the unread count is read again whenever
// the owner moves in or out of the inbox, not only after an action.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return (
    defaultShouldRevalidate ||
    currentUrl.pathname.startsWith(MESSAGES_HREF) ||
    nextUrl.pathname.startsWith(MESSAGES_HREF)
  );
}

function studioLinkClass({ isActive }: { isActive: boolean }) {
  return [
    "inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors",
    isActive
      ? "bg-emerald-500/15 text-emerald-300"
      : "text-slate-300 hover:bg-white/5 hover:text-white",
  ].join(" ");
}

/** The studio's frame: its own header and navigation, then the screen. */
function StudioFrame({
  ownerName,
  unread = 0,
  children,
}: {
  ownerName?: string;
  unread?: number;
  children: React.ReactNode;
}) {
  const { productName } = useSiteSettings();
  const header = useStickyHeight<HTMLElement>("--studio-header");
  return (
    <div className="flex min-h-screen flex-col">
      <header
        ref={header}
        className="sticky top-0 z-40 border-b border-white/10 bg-slate-950/95 backdrop-blur"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <Link
            to="/studio"
            className="flex items-center gap-2 rounded-md font-serif text-lg font-semibold text-white"
          >
            <span
              aria-hidden="true"
              className="grid h-8 w-8 place-items-center rounded-full bg-gradient-to-br from-emerald-400 to-amber-300 text-sm font-bold text-slate-950"
            >
              S
            </span>
            Studio
            <span className="sr-only"> of Live {productName}</span>
          </Link>
          {ownerName ? (
            <nav
              aria-label="Studio"
              className="order-3 w-full min-w-0 sm:order-none sm:w-auto"
            >
              {/* Relative: the unread badge's screen-reader text is positioned, and must stay inside this scrolling area. */}
              <ul className="relative flex items-center gap-1 overflow-x-auto">
                {studioNavigation.map((item) => (
                  <li key={item.href}>
                    <NavLink
                      to={item.href}
                      end={item.href === "/studio"}
                      className={studioLinkClass}
                    >
                      <Icon
                        name={item.icon}
                        aria-hidden="true"
                        className="h-4 w-4"
                      />
                      {item.name}
                      {item.href === MESSAGES_HREF && unread > 0 ? " " : null}
                      {item.href === MESSAGES_HREF && unread > 0 ? (
                        <span className="rounded-full bg-emerald-400 px-1.5 text-xs font-bold text-slate-950">
                          {unread}
                          <span className="sr-only"> unread</span>
                        </span>
                      ) : null}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="flex items-center gap-3 text-sm text-slate-300">
            {ownerName ? (
              <span className="hidden md:inline">{ownerName}</span>
            ) : null}
            <Link to="/" className={buttonClass("secondary", "sm")}>
              <Icon
                name="ExternalLink"
                aria-hidden="true"
                className="h-4 w-4"
              />
              View site
            </Link>
          </div>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6"
      >
        {children}
      </main>
    </div>
  );
}

export default function StudioLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StudioFrame ownerName={loaderData.owner.name} unread={loaderData.unread}>
      <Outlet />
    </StudioFrame>
  );
}

export function meta(args: Route.MetaArgs) {
  return studioMeta(args, "Studio");
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { productName } = useSiteSettings();
  // A screen's error inside the studio keeps the owner's navigation.
  const frame = useRouteLoaderData<typeof loader>("routes/studio/layout");
  const owner = frame?.owner;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading =
    status === 403
      ? "Only the owner can use the studio"
      : status === 404
        ? "Not found in the studio"
        : "Something went wrong";
  const detail =
    status === 403
      ? "You are signed in, but this account is not the site owner's."
      : status === 404
        ? "It may have been deleted or moved."
        : "An unexpected error stopped this screen. Please try again in a moment.";
  return (
    <StudioFrame ownerName={owner?.name} unread={frame?.unread}>
      <title>{pageTitle(heading, productName)}</title>
      <ErrorPage heading={heading} detail={detail} />
    </StudioFrame>
  );
}
