// The root loader's data (SITE_URL and this response's CSP nonce), for
// components anywhere below the root.
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

/** The CSP nonce of the document being rendered. */
export function useNonce(): string | undefined {
  return useRootData()?.nonce;
}
