import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several checkouts (or a test run beside a dev build) build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Each page's first load lists only its own routes; the routes its links
  // lead to are fetched in one /__manifest request after hydration (before a
  // navigation needs them). The full list grew with the studio and the
  // search page into a sizeable share of every public page (decision 009).
  routeDiscovery: { mode: "lazy" },
  // A route's clientLoader stays in its module: split out, it was one more
  // file on every first load, and prefetching on intent already has the
  // module by the time a navigation needs it.
  splitRouteModules: false,
} satisfies Config;
