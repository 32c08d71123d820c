import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several checkouts (or a test run beside a dev build) build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Every route is known up front; lazy discovery would add a /__manifest round trip per navigation.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
