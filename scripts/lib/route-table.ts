// app/routes.ts as one flat list: each route's id in React Router's
// manifest, its module and its URL pattern, and whether it is the studio's.
// Checks that must cover every route (the budgets' leak check, the studio's
// gate journey) read it, so a route added there is covered the day it is.
import type { RouteConfigEntry } from "@react-router/dev/routes";

import routeConfig from "~/routes";

export interface AppRoute {
  /** The route's id in React Router's manifest. */
  id: string;
  /** Its module, relative to app/. */
  file: string;
  /** Its URL pattern without the leading slash; none for a layout. */
  path?: string;
  /** Whether it is the studio's own (app/routes/studio/). */
  studio: boolean;
}

/** Every route of app/routes.ts, layouts and resource routes included. */
export function appRoutes(
  entries: ReadonlyArray<RouteConfigEntry> = routeConfig,
): AppRoute[] {
  return entries.flatMap((entry) => [
    {
      // React Router's default id: the module's path without its extension.
      id: entry.id ?? entry.file.replace(/\.[^./]+$/, ""),
      file: entry.file,
      path: entry.path,
      studio: entry.file.startsWith("routes/studio/"),
    },
    ...appRoutes(entry.children ?? []),
  ]);
}
