// What the server hands the root's layout beyond the routes' data: the
// document's JSON-LD (addStructuredData) and its two inline scripts
// (app/lib/document-scripts.server.ts). A context, so their text stays in
// the server's code: the studio's browser code never carries it.
import { createContext, use } from "react";

import type { JsonLdObject } from "./seo";

export interface DocumentExtras {
  structuredData: ReadonlyArray<JsonLdObject>;
  pageScript: string;
  speculationRules: string;
  /** Each island's module address, by name (app/islands/). */
  islands: Readonly<Record<string, string>>;
}

/** Set by entry.server.tsx around the server's render. */
export const DocumentExtrasContext = createContext<DocumentExtras>({
  structuredData: [],
  pageScript: "",
  speculationRules: "",
  islands: {},
});

/**
 * The attributes that make an element the island `name` (a module of app/islands/):
 * the page script loads it after the first paint (`when` "idle"), as the
 * element nears the viewport ("seen") or on intent ("intent": a button's
 * first click, then each click; a notice as it shows). None in the owner's
 * app.
 */
export function useIsland(
  name: string,
  when: "idle" | "seen" | "intent",
): {
  "data-island"?: string;
  "data-island-when"?: string;
  "data-intent"?: string;
} {
  const address = use(DocumentExtrasContext).islands[name];
  if (!address) return {};
  return when === "intent"
    ? { "data-intent": address }
    : { "data-island": address, "data-island-when": when };
}

/** JSON that is safe inside an inline <script>. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

/** The document's JSON-LD, one script in its head (a data block: no CSP source needed). */
export function JsonLd() {
  const objects = use(DocumentExtrasContext).structuredData;
  if (objects.length === 0) return null;
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{
        __html: scriptJson(objects.length === 1 ? objects[0] : objects),
      }}
    />
  );
}

/** The speculation rules, in a document's head. */
export function SpeculationRules({ nonce }: { nonce?: string }) {
  const rules = use(DocumentExtrasContext).speculationRules;
  if (!rules) return null;
  return (
    <script
      type="speculationrules"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: rules }}
    />
  );
}

/** The page script, at the end of a document's body. */
export function PageScript({ nonce }: { nonce?: string }) {
  const script = use(DocumentExtrasContext).pageScript;
  if (!script) return null;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
