declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

declare module "virtual:islands" {
  /** Each island's built address, by name (scripts/lib/islands.ts). */
  const addresses: Record<string, string>;
  export default addresses;
}
