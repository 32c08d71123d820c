// The side cards: where else to find the owner, all from the site settings.
import type { ReactNode } from "react";

import type { PublicSettings } from "~/config/site";
import { Icon } from "~/lib/icons";
import { useSiteSettings } from "~/lib/root-data";

const connectionsOf = (site: PublicSettings) => [
  {
    title: "LinkedIn",
    description: "Career updates, leadership notes and introductions.",
    href: site.linkedInUrl,
    linkText: "Connect on LinkedIn",
    icon: <Icon name="LinkedIn" className="h-6 w-6" />,
  },
  {
    title: "GitHub",
    description: "Side projects and the tools behind this site.",
    href: site.gitHubUrl,
    linkText: "Follow on GitHub",
    icon: <Icon name="GitHub" className="h-6 w-6" />,
  },
  {
    title: "Professional Site",
    description: "Consulting, speaking and mentoring engagements.",
    href: site.professionalUrl,
    linkText: "Visit the professional site",
    icon: <Icon name="Globe" aria-hidden="true" className="h-6 w-6" />,
  },
];

/** The page's aside: a card for each place to connect. */
export function ConnectElsewhere() {
  const connections = connectionsOf(useSiteSettings());
  return (
    <aside
      aria-labelledby="elsewhere-heading"
      className="grid content-start gap-4"
    >
      <h2
        id="elsewhere-heading"
        className="font-serif text-2xl font-bold text-white"
      >
        Connect Elsewhere
      </h2>
      {connections.map((connection) => (
        <ConnectCard key={connection.title} {...connection} />
      ))}
    </aside>
  );
}

function ConnectCard({
  title,
  description,
  href,
  linkText,
  icon,
}: {
  title: string;
  description: string;
  href: string;
  linkText: string;
  icon: ReactNode;
}) {
  return (
    <article className="rounded-2xl border border-white/10 bg-white/5 p-6">
      <div className="flex items-center gap-3 text-amber-300">
        {icon}
        <h3 className="text-lg font-semibold text-white">{title}</h3>
      </div>
      <p className="mt-2 text-sm text-slate-300">{description}</p>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-emerald-300 hover:text-emerald-200"
      >
        {linkText}
        <Icon name="ExternalLink" aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </article>
  );
}
