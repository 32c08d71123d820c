import { site } from "~/config/site";

/** A studio screen's head: its title, and never indexed (the X-Robots-Tag header says so too). */
export function studioMeta(screen: string) {
  return [
    { title: `${screen} | Studio | Live ${site.productName}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
