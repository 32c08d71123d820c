// The root loader's data, for components anywhere below the root.
import { useRouteLoaderData } from "react-router";

interface RootData {
  nonce?: string;
  siteUrl?: string;
}

function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The public origin (SITE_URL), without a trailing slash. */
export function useSiteUrl(): string {
  return useRootData()?.siteUrl ?? "";
}
