// Generated images the site serves as files: the favicon set and web app
// manifest of the demo identity (app/lib/site-icons.server.ts draws them;
// settings the owner saves get theirs drawn by the server), and the sprite
// of content icons.
import * as lucide from "lucide-react";
import { createElement } from "react";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import { defaultSettings } from "~/config/default-settings";
import {
  brandIconNames,
  contentIconNames,
  DEFAULT_ICON,
  uiIconNames,
} from "~/lib/icon-names";
import { drawIconFile, ICON_FILES } from "~/lib/site-icons.server";
import type { IconFile } from "~/lib/site-icons.server";

/** Every lucide icon the site draws, each once. */
export const lucideIconNames: ReadonlyArray<string> = [
  ...new Set<string>([...contentIconNames, ...uiIconNames, DEFAULT_ICON]),
];

// Brand marks are not in lucide: simple single-path versions, drawn to lucide's 24px grid.
const brandPaths: Record<(typeof brandIconNames)[number], string> = {
  Facebook:
    "M9.1 23.69v-7.98H6.63v-3.67H9.1v-1.58c0-4.09 1.85-5.98 5.86-5.98.76 0 2.07.15 2.61.3v3.32c-.28-.03-.78-.04-1.39-.04-1.97 0-2.73.75-2.73 2.69v1.3h3.92l-.67 3.67h-3.25v8.24A12 12 0 1 0 9.1 23.69z",
  GitHub:
    "M12 .3a12 12 0 0 0-3.8 23.38c.6.11.82-.26.82-.58v-2.02c-3.34.73-4.04-1.61-4.04-1.61-.55-1.39-1.34-1.76-1.34-1.76-1.09-.74.08-.73.08-.73 1.2.09 1.84 1.24 1.84 1.24 1.07 1.83 2.8 1.3 3.49 1 .1-.78.42-1.3.76-1.6-2.67-.3-5.47-1.33-5.47-5.93 0-1.31.47-2.38 1.24-3.22-.14-.3-.54-1.52.1-3.18 0 0 1-.32 3.3 1.23a11.5 11.5 0 0 1 6 0c2.28-1.55 3.29-1.23 3.29-1.23.64 1.66.24 2.88.12 3.18a4.65 4.65 0 0 1 1.23 3.22c0 4.61-2.8 5.63-5.48 5.92.42.36.81 1.1.81 2.22v3.29c0 .32.21.7.82.58A12 12 0 0 0 12 .3",
  LinkedIn:
    "M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z",
  Twitter:
    "M23.95 4.57a10 10 0 0 1-2.82.77 4.96 4.96 0 0 0 2.16-2.72c-.95.55-2 .95-3.12 1.18a4.92 4.92 0 0 0-8.38 4.48A13.94 13.94 0 0 1 1.64 3.16a4.92 4.92 0 0 0 1.52 6.57 4.9 4.9 0 0 1-2.23-.61v.06a4.92 4.92 0 0 0 3.95 4.83 4.96 4.96 0 0 1-2.21.08 4.93 4.93 0 0 0 4.6 3.42A9.87 9.87 0 0 1 0 19.54a13.94 13.94 0 0 0 7.55 2.21c9.05 0 14-7.5 14-13.98 0-.21 0-.42-.02-.63A9.94 9.94 0 0 0 24 4.59z",
  XLogo:
    "M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.41l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.59l5.24 6.93 6.07-6.93zm-1.29 19.5h2.04L6.49 3.24H4.3l13.31 17.41z",
};

/**
 * One <symbol> per icon the site draws, id = its name: lucide's own shapes
 * with lucide's stroke, drawn with `<use href="…#Name">` (app/lib/icons.tsx),
 * and the brand marks as filled paths.
 */
export function iconSprite(): string {
  const icons = lucide as unknown as Record<string, ComponentType>;
  const outlined = lucideIconNames.map((name) => {
    const icon = icons[name];
    if (!icon) throw new Error(`lucide-react has no icon named ${name}`);
    const markup = renderToStaticMarkup(createElement(icon));
    const inner = markup.slice(
      markup.indexOf(">") + 1,
      markup.lastIndexOf("<"),
    );
    // lucide's stroke settings live on the symbol, so each <svg> on a page
    // is only its size and a <use> (every icon in every document repeated
    // them; decision 024).
    return `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${inner}</symbol>`;
  });
  const brands = brandIconNames.map(
    (name) =>
      `<symbol id="${name}" viewBox="0 0 24 24"><path fill="currentColor" stroke="none" d="${brandPaths[name]}"/></symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${[...outlined, ...brands].join("\n")}\n</svg>\n`;
}

/** Every generated file, by path from the project root. */
export function generatedFiles(): Map<string, Buffer> {
  const files = Object.keys(ICON_FILES) as IconFile[];
  return new Map([
    ...files.map(
      (file) =>
        [`public/${file}`, drawIconFile(defaultSettings, file)] as const,
    ),
    ["app/assets/icons.svg", Buffer.from(iconSprite())],
  ]);
}
