// The root loader's data, for components anywhere below the root.
import { createContext, useContext, useMemo } from "react";
import { useRouteLoaderData } from "react-router";

import { withPublicDefaults } from "~/config/site";
import type { PublicSettings } from "~/config/site";

interface RootData {
  nonce?: string;
  siteUrl?: string;
  /** The settings that differ from the defaults. */
  settings?: Partial<PublicSettings>;
}

function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The public origin (SITE_URL), without a trailing slash. */
export function useSiteUrl(): string {
  return useRootData()?.siteUrl ?? "";
}

/**
 * The site settings from the root's data, for the root's layout alone: it
 * hands them down in `SiteSettings` (below). The defaults on an error page
 * rendered without the root's data.
 */
export function useRootSettings(): PublicSettings {
  const changed = useRootData()?.settings;
  return useMemo(() => withPublicDefaults(changed), [changed]);
}

/**
 * The settings, as the root's layout provides them. A context of their own
 * rather than each part reading the root's data: that read follows the
 * router's whole state, so every part that made it was drawn again at each
 * change to the state (the route discovery's answer, a loader settling),
 * where the settings change only when the owner saves them.
 */
export const SiteSettings = createContext<PublicSettings>(
  withPublicDefaults(undefined),
);

/**
 * The site settings the page was rendered with (docs/decisions/041): part of
 * the document's data, so the browser never asks for them.
 */
export function useSiteSettings(): PublicSettings {
  return useContext(SiteSettings);
}
