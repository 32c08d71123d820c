// Which responses the page cache keeps, and under what key
// (docs/decisions/008, 014 and 020): one spelling of each path the site
// links to, with the few parameters that change what a page shows.
import { matchRoutes } from "react-router";
import type { RouteObject } from "react-router";

/**
 * Query parameters that change what a page shows: React Router's own
 * `_routes` (which routes a client navigation asks data for) and the archives'
 * `page` (decision 020; a page that does not exist answers 404, which is not
 * kept). Any other parameter renders the same page; it is answered but not
 * kept (decision 014), so a flood of made-up query strings cannot push real
 * pages out.
 */
export const KEPT_PARAMETERS: ReadonlySet<string> = new Set([
  "_routes",
  "page",
]);

/**
 * The search (document and client-navigation data), whose `q` is a visitor's
 * own words: its pages are kept too, but apart from the others and a few at a
 * time, so that a repeated search is answered from memory while a flood of
 * different queries only ever pushes out other queries (decision 020).
 */
export const SEARCH_PATHS: ReadonlySet<string> = new Set([
  "/search",
  "/search.data",
]);
const SEARCH_PARAMETERS: ReadonlySet<string> = new Set([
  ...KEPT_PARAMETERS,
  "q",
]);

/** The ids of the routes a page's path matches, outermost first; undefined when none does. */
export type RouteIdsFor = (pathname: string) => readonly string[] | undefined;

/** What a build's route manifest says of a route (ServerBuild["routes"]). */
interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** Matches paths as the app's router does, from the build's route manifest. */
export function routeMatcher(
  routes: Readonly<Record<string, ManifestRoute | undefined>>,
): RouteIdsFor {
  const under = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes).flatMap((route) =>
      !route || route.parentId !== parentId
        ? []
        : [
            route.index
              ? { id: route.id, index: true, path: route.path }
              : {
                  id: route.id,
                  path: route.path,
                  caseSensitive: route.caseSensitive,
                  children: under(route.id),
                },
          ],
    );
  const tree = under(undefined);
  return (pathname) =>
    matchRoutes(tree, pathname)?.map((match) => match.route.id ?? "");
}

// A client navigation's data request for a page: '/about.data', '/_root.data' for '/'.
const DATA_SUFFIX = /(\/_root|\/_)?\.data$/;

/**
 * React Router's `_routes` in its one spelling: the ids the page's path
 * matches that it names, each once, in the order of the match. The router
 * answers the same for any order or repetition, so each is kept once; a
 * name the path does not match (or no matcher to tell) is not kept.
 */
function canonicalRoutes(
  path: string,
  value: string,
  routesFor: RouteIdsFor | undefined,
): string | undefined {
  const matched = routesFor?.(path.replace(DATA_SUFFIX, "") || "/");
  if (!matched) return undefined;
  const named = new Set(value.split(","));
  if (![...named].every((id) => matched.includes(id))) return undefined;
  return matched.filter((id) => named.has(id)).join(",");
}

/**
 * The key a page is kept under, or undefined when the response must not be
 * kept: only the one spelling of a path the site links to (the router also
 * matches other cases, escapes, dot segments and slashes, each of which would
 * otherwise be a new entry), with known parameters in a fixed order.
 */
export function pageKey(
  url: string,
  routesFor?: RouteIdsFor,
  kept: ReadonlySet<string> = KEPT_PARAMETERS,
): string | undefined {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (
    !path.startsWith("/") ||
    path !== path.toLowerCase() ||
    /%|\/\/|\/\.\.?(\/|$)|\\/.test(path) ||
    (path.length > 1 && path.endsWith("/"))
  ) {
    return undefined;
  }
  const allowed = SEARCH_PATHS.has(path) ? SEARCH_PARAMETERS : kept;
  const parameters = new URLSearchParams(
    queryAt === -1 ? "" : url.slice(queryAt + 1),
  );
  const key = new URLSearchParams();
  for (const [name, value] of parameters) {
    if (!allowed.has(name) || key.has(name)) return undefined;
    const canonical =
      name === "_routes" ? canonicalRoutes(path, value, routesFor) : value;
    if (canonical === undefined) return undefined;
    key.append(name, canonical);
  }
  key.sort();
  const query = key.toString();
  return query ? `${path}?${query}` : path;
}
