import { Link } from "react-router";

import { Icon } from "~/lib/icons";
import { useSiteSettings } from "~/lib/root-data";

export function SiteFooter() {
  const year = new Date().getFullYear();
  const site = useSiteSettings();
  return (
    <footer className="border-t border-white/10 bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <Link to="/" className="font-serif text-lg font-semibold text-white">
            Live <span className="text-emerald-300">{site.productName}</span>
          </Link>
          <p className="mt-3 max-w-sm text-sm leading-relaxed">
            {site.footerTagline}
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
            Professional
          </h2>
          <a
            href={site.professionalUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 inline-flex items-center gap-2 text-sm hover:text-white"
          >
            Professional
            <Icon name="ExternalLink" aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">
            Connect
          </h2>
          <div className="mt-3 flex items-center gap-3">
            <a
              href={`mailto:${site.email}`}
              className="rounded-full bg-white/5 p-2 hover:bg-white/10 hover:text-white"
              aria-label={`Email ${site.ownerName}`}
            >
              <Icon name="Mail" aria-hidden="true" className="h-5 w-5" />
            </a>
            <button
              type="button"
              data-not-implemented=""
              className="rounded-full bg-white/5 p-2 hover:bg-white/10 hover:text-white"
              aria-label="LinkedIn"
            >
              <Icon name="LinkedIn" className="h-5 w-5" />
            </button>
            <button
              type="button"
              data-not-implemented=""
              className="rounded-full bg-white/5 p-2 hover:bg-white/10 hover:text-white"
              aria-label="Twitter"
            >
              <Icon name="Twitter" className="h-5 w-5" />
            </button>
          </div>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6">
          {`© ${year} ${site.ownerName}. All rights reserved. `}
          <Link to="/privacy" className="underline hover:text-white">
            Privacy
          </Link>
        </p>
      </div>
    </footer>
  );
}
