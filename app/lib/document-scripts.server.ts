// The two inline scripts of every public document (docs/decisions/058),
// as the text the root writes and the server names by hash in the CSP.
import pageScriptSource from "./page-script.ts?inline-script";

/** The page script, called at once. */
export const PAGE_SCRIPT = `(${pageScriptSource})()`;

/**
 * Speculation Rules: a same-site page is prerendered on intent (a pointer
 * resting on its link, a touch), so moving between documents stays
 * instant. Not the owner's app, nor feeds, files or sign-out-like links.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/studio{/*}?" } },
          {
            not: {
              href_matches:
                "/(sign-in|setup|forgot-password|reset-password){/*}?",
            },
          },
          { not: { href_matches: "/*.(xml|txt|ics|png|jpg|webp|avif)" } },
          { not: { href_matches: "/media/*" } },
          // A notice asked for by the address shows as the page opens.
          {
            not: {
              selector_matches: '[rel~=nofollow], [target], [href*="notice="]',
            },
          },
        ],
      },
      eagerness: "moderate",
    },
  ],
});
