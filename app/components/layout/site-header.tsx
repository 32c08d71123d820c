import { Link, useLocation } from "react-router";

import { useSession } from "~/auth/session-context";

import { initialsOf } from "~/config/site";
import { isAppPath } from "~/lib/app-or-document";
import { Icon } from "~/lib/icons";
import { useSiteSettings } from "~/lib/root-data";

import { HeaderSearch } from "./header-search";
import { MobileMenu } from "./mobile-menu";
import { SiteNav } from "./site-nav";

export function navLinkClass({ isActive }: { isActive: boolean }) {
  return [
    "rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap transition-colors 2xl:px-2.5",
    isActive
      ? "bg-emerald-500/15 text-emerald-300"
      : "text-slate-300 hover:bg-white/5 hover:text-white",
  ].join(" ");
}

export function SiteHeader() {
  const site = useSiteSettings();
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-slate-950/90 backdrop-blur supports-[backdrop-filter]:bg-slate-950/75">
      <div className="header-row items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded-md font-serif text-lg font-semibold text-white"
        >
          <SiteMark ownerName={site.ownerName} portrait={site.portrait} />
          {/* At 1280 px the eleven items need the room; the mark alone stands for the name there. */}
          <span className="xl:sr-only 2xl:not-sr-only">
            Live <span className="text-emerald-300">{site.productName}</span>
          </span>
        </Link>
        <SiteNav
          className="hidden xl:block"
          listClassName="flex items-center gap-0.5"
          linkClassName={navLinkClass}
        />
        <HeaderSearch />
        <div className="flex items-center gap-2">
          <StudioLink />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/**
 * The way into the studio, for the signed-in owner only. A public page is
 * shared by every visitor through the page cache, so it carries the link
 * hidden, and its page script shows it once the session says the owner is
 * here (data-owner-only); the owner's app asks its session itself.
 */
function StudioLink() {
  const app = isAppPath(useLocation().pathname);
  const { user } = useSession();
  if (app && user?.role !== "owner") return null;
  return (
    // On a phone an icon, so the header still fits 360 px beside the search box.
    <Link
      to="/studio"
      hidden={!app}
      data-owner-only={app ? undefined : ""}
      className="inline-flex items-center rounded-full border border-amber-300/50 p-2 text-sm font-semibold text-amber-200 hover:bg-amber-300/10 sm:px-3 sm:py-1.5"
    >
      <Icon name="Pencil" aria-hidden="true" className="h-4 w-4 sm:hidden" />
      <span className="sr-only sm:not-sr-only">Studio</span>
    </Link>
  );
}

/** The owner's picture from the settings, or their initials on the logo's disc. */
export function SiteMark({
  ownerName,
  portrait,
}: {
  ownerName: string;
  portrait: string;
}) {
  return portrait ? (
    <img
      src={portrait}
      alt=""
      width={32}
      height={32}
      className="h-8 w-8 rounded-full object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      className="grid h-8 w-8 place-items-center rounded-full bg-gradient-to-br from-emerald-400 to-amber-300 text-sm font-bold text-slate-950"
    >
      {initialsOf(ownerName)}
    </span>
  );
}
