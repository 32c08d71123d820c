import type { AppServices } from "~/context";

/**
 * `html` as a loader's data should carry it: whole for a client
 * navigation, which has no page to take it from; empty for a whole
 * document, which renders it from `documentHtml` (DocumentHtml) instead.
 */
export function onceInDocument(
  services: Pick<AppServices, "wholeDocument" | "documentHtml">,
  key: string,
  html: string,
): string {
  if (!services.wholeDocument) return html;
  services.documentHtml.set(key, html);
  return "";
}
