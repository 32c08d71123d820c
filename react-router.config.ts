import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several checkouts (or a test run beside a dev build) build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every route is known up front; lazy discovery would add a /__manifest round trip per navigation.
  routeDiscovery: { mode: "initial" },
  // A route's clientLoader stays in its module: split out, it was one more
  // file on every first load (about 150 bytes of gzip each), and prefetching
  // on intent already has the module by the time a navigation needs it.
  splitRouteModules: false,
} satisfies Config;
