// Vitest's global setup: runs once, before any test file, in the main process.
import { migratedPgliteFile } from "./database";

export async function setup(): Promise<void> {
  // Made here once rather than raced for by the first file of each worker.
  await migratedPgliteFile();
}
