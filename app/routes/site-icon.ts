// /icons/<version>/<file>: the favicon set and manifest drawn from the saved
// settings (docs/decisions/041). The version is a hash of what they show, so
// a set is kept for good; an old version's address sends to the current one.
import type { Route } from "./+types/site-icon";
import { servicesContext } from "~/context";
import { publicResource } from "~/lib/feeds/response";
import {
  ICON_FILES,
  iconVersion,
  isIconFile,
  siteIcon,
} from "~/lib/site-icons.server";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function loader({ params, context }: Route.LoaderArgs) {
  const { settings } = context.get(servicesContext);
  if (!isIconFile(params.file))
    return new Response("Not found", { status: 404 });
  const version = iconVersion(settings);
  if (params.version !== version) {
    return new Response(null, {
      status: 302,
      headers: {
        Location: `/icons/${version}/${params.file}`,
        "Cache-Control": "no-cache",
      },
    });
  }
  return publicResource(
    siteIcon(settings, params.file),
    ICON_FILES[params.file],
    { maxAgeSeconds: YEAR_SECONDS, etag: `"${version}"` },
  );
}
