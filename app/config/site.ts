/**
 * The site's identity in one place. Demo values are fictional; an owner
 * changes them here (and CONTACT_TO at run time) to make the site theirs.
 */
export const site = {
  ownerName: "Jordan Avery",
  /** Titles read "{Page} | Live {productName}". */
  productName: "Seasoned",
  headline: "Seasoned Perspective. Modern Approach",
  tagline: "Humble Start. Miraculous Career. Transformative Purpose.",
  footerTagline:
    "Building relationships with all through integrity, leadership and meaningful connections.",
  /** Where the owner's events happen; event times are local to it. */
  timeZone: "America/Boise",
  themeColor: "#0f172a",
  links: {
    professional: "https://jordanavery-consulting.example",
    projectDelivery: "https://delivery.jordanavery.example",
    linkedIn: "https://www.linkedin.com/in/jordan-avery-example",
    gitHub: "https://github.com/jordan-avery-example",
    twitter: "https://twitter.com/jordanavery_example",
  },
  email: "hello@jordanavery.example",
} as const;

/**
 * What feeds, search engines and mail need to know of the site, which its
 * pages never show: apart from `site`, so no page's JavaScript carries it.
 */
export const siteDetails = {
  description:
    "Leadership, mentoring and a life lived fully: the personal site of Jordan Avery.",
  locale: "en-US",
  /** Who receives contact messages unless CONTACT_TO says otherwise. */
  contactRecipient: "inbox@jordanavery.example",
} as const;

/**
 * The Travel map's tiles: a dark basemap with its attribution, the one
 * third-party host a page may load (decision 009). Apart from `site` so
 * only the pages that draw a map carry it.
 */
export const mapTiles = {
  tileUrl: "https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png",
  tileHosts: [
    "https://a.basemaps.cartocdn.com",
    "https://b.basemaps.cartocdn.com",
    "https://c.basemaps.cartocdn.com",
    "https://d.basemaps.cartocdn.com",
  ],
  attribution:
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors &copy; <a href="https://carto.com/attributions">CARTO</a>',
} as const;

/** "{Page} | Live {product}", the title rule of every page. */
export function pageTitle(page: string): string {
  return `${page} | Live ${site.productName}`;
}
