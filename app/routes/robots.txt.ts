import type { Route } from "./+types/robots.txt";
import { servicesContext } from "~/context";
import { publicResource } from "~/lib/feeds/response";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /sign-in",
    "Disallow: /setup",
    "Disallow: /forgot-password",
    "Disallow: /reset-password",
    "Disallow: /api/",
    "Disallow: /studio",
    "",
    `Sitemap: ${env.SITE_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return publicResource(body, "text/plain; charset=utf-8", {
    maxAgeSeconds: 3600,
  });
}
