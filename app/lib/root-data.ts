// The root loader's data, for components anywhere below the root.
import { useRouteLoaderData } from "react-router";

import { defaultSettings } from "~/config/site";
import type { PublicSettings } from "~/config/site";

interface RootData {
  nonce?: string;
  siteUrl?: string;
  settings?: PublicSettings;
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
  return useRootData()?.settings ?? defaultSettings;
}
