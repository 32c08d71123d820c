// The built address of each island (scripts/lib/islands.ts), handed to the
// server's render (DocumentExtrasContext) so the browser's code never
// carries the table.
import addresses from "virtual:islands";

export const islandAddresses: Readonly<Record<string, string>> = addresses;
