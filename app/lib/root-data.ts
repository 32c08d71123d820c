// The root loader's data, for components anywhere below the root.
import { useMemo } from "react";
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
 * The site settings the page was rendered with (docs/decisions/041): part of
 * the document's data, so the browser never asks for them; the defaults on
 * an error page rendered without the root's data.
 */
export function useSiteSettings(): PublicSettings {
  const changed = useRootData()?.settings;
  return useMemo(() => withPublicDefaults(changed), [changed]);
}
