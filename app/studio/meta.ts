import { pageTitle } from "~/config/site";
import { settingsFrom } from "~/lib/seo";
import type { MetaArgs } from "~/lib/seo";

/**
 * A studio screen's head: its title, with the product name as saved (from
 * the root's data, which a save on the settings screen renews), and never
 * indexed (the X-Robots-Tag header says so too).
 */
export function studioMeta(args: Pick<MetaArgs, "matches">, screen: string) {
  const { productName } = settingsFrom(args.matches);
  return [
    { title: pageTitle(`${screen} | Studio`, productName) },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
