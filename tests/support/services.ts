// The request services for tests: a route's loader or action called with
// the context the site gives it (server/app.ts). One place, so a new service
// reaches every test at once; tests/support/site.ts starts the whole site.
import { RouterContextProvider } from "react-router";

import { defaultSettings } from "~/config/default-settings";
import { servicesContext } from "~/context";
import type { AppServices } from "~/context";
import { parseEnv } from "~shared/env";
import { createLogger } from "~shared/logger";

/** A route's context with the services over `auth` and `db`; anything else as given. */
export function routeContext(
  services: Pick<AppServices, "auth" | "db"> & Partial<AppServices>,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    env: parseEnv({ NODE_ENV: "test", SITE_URL: "https://site.example" }),
    logger: createLogger("silent"),
    mail: { nudge: () => {} },
    nonce: "nonce",
    formKey: "form-key",
    pageIncomplete: () => {},
    inlineSources: () => {},
    structuredData: [],
    settings: defaultSettings,
    ...services,
  });
  return context;
}

/** The arguments React Router gives a loader or action for `request`. */
export function routeArgs<Params extends Record<string, string>>(
  request: Request,
  context: RouterContextProvider,
  pattern: string,
  params: Params,
) {
  return { request, url: new URL(request.url), pattern, params, context };
}
