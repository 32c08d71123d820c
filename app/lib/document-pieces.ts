// Apart from document.server.ts, so the metrics and the journeys can name
// the pieces without loading the pass (and its inlined boot script).
/**
 * The pieces of React Router's HTML that paintFirst rewrites. Each is matched by a
 * pattern written against its current output, so a framework upgrade that
 * changes one's shape would quietly turn part of the pass off: a page whose
 * pieces are not all found is reported (entry.server.tsx logs and counts it),
 * and tests/e2e/paint-first.spec.ts checks every public page of the build.
 */
export const DOCUMENT_PIECES = [
  "router scripts",
  "stylesheet link",
  "stylesheet",
  "module preloads",
  "manifest link",
  "route manifest",
  "loader data",
  "data stream",
  "head end",
] as const;
export type DocumentPiece = (typeof DOCUMENT_PIECES)[number];
