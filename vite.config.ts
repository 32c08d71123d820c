import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkModules } from "./scripts/lib/chunk-modules.ts";
import { inlineScripts } from "./scripts/lib/inline-script.ts";
import { islands } from "./scripts/lib/islands.ts";
import { precompress } from "./scripts/lib/precompress.ts";

// How the browser's JavaScript is cut into files: the studio's, as public
// pages load none of it (docs/decisions/058). Left to itself the bundler
// splits the framework, the layout and the page kit into dozens of tiny
// files, and each file compresses on its own (docs/decisions/012 and 024).
const PATH = String.raw`[\\/]`;
const APP = `${PATH}app${PATH}`;
const frameworkModules = new RegExp(
  `node_modules${PATH}(react|react-dom|scheduler|react-router)${PATH}`,
);
/** The layout every page renders, with the root route's own module. */
const layoutModules = new RegExp(
  `${APP}(root\\.tsx|components${PATH}(layout|ui)${PATH}(site-|mobile-menu\\.|notices|header-search\\.)|auth${PATH}(session-context|auth-client)|config${PATH}(site|navigation)|lib${PATH}(toast|icons|icon-names|root-data|tab-wrap|search\\.|feeds${PATH}rss))`,
);
/** What every screen that shows posts draws them with (images, dates, titles, cards, reading time). */
const postModules = new RegExp(
  `${APP}(components${PATH}(posts${PATH}(post-image|post-title-link|post-card)|deferred-value)|lib${PATH}(posts|media|reading-time))\\.`,
);
/** What the archive screens add to them: which page a URL asks for. */
const archiveModules = new RegExp(`${APP}lib${PATH}page-param\\.`);
const chunkGroups = [
  {
    // React, React DOM, React Router, the root route and the layout: one
    // file every screen loads (apart, they compress worse). The public page
    // kit is shared by the screens that draw it, the studio's previews.
    name: "framework",
    test: (id: string) => frameworkModules.test(id) || layoutModules.test(id),
    tags: ["$initial" as const],
    priority: 4,
  },
  {
    name: "posts",
    test: postModules,
    tags: ["$initial" as const],
    priority: 3,
  },
  {
    name: "archive",
    test: archiveModules,
    tags: ["$initial" as const],
    priority: 2,
  },
  {
    // Whatever a few screens share, one file per set of screens.
    name: "shared",
    test: new RegExp(APP),
    tags: ["$initial" as const],
    minShareCount: 2,
    entriesAware: true,
    priority: 1,
  },
];

export default defineConfig({
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: { groups: chunkGroups },
            // The shared files are named after every screen that uses them; a short name keeps the HTML's preload links short.
            chunkFileNames: (chunk) =>
              `assets/${chunk.name.startsWith("shared") ? "shared" : "[name]"}-[hash].js`,
          },
        },
      },
    },
    // The server bundle's entry is our Express app, which imports the React Router build.
    ssr: {
      build: {
        rollupOptions: {
          input: "./server/app.ts",
          // The contact page imports its schema lazily for the browser's sake;
          // on the server it is also a static import, as it should be.
          checks: { ineffectiveDynamicImport: false },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [
    inlineScripts(),
    islands(),
    tailwindcss(),
    reactRouter(),
    chunkModules(),
    precompress(),
  ],
});
