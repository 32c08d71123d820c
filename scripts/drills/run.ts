// `npm run drill` runs every reliability drill against the production build;
// `npm run drill -- load kill` runs the named ones. Each prints its figures;
// the run exits non-zero if any drill lost or mishandled anything.
import { backupDrill } from "./backup";
import { badInputDrill } from "./bad-input";
import { databaseOutageDrill } from "./database-outage";
import { deployDrill } from "./deploy";
import { fediverseKillDrill } from "./fediverse-kill";
import { killDrill } from "./kill";
import { loadDrill } from "./load";
import { newsletterKillDrill } from "./newsletter-kill";
import { signInLoadDrill } from "./sign-in-load";
import { slowClientsDrill } from "./slow-clients";
import { smtpOutageDrill } from "./smtp-outage";
import type { DrillResult } from "./support/reporting";

const drills: Record<string, () => Promise<DrillResult>> = {
  load: () => loadDrill(),
  kill: () => killDrill(),
  "newsletter-kill": () => newsletterKillDrill(),
  "smtp-outage": () => smtpOutageDrill(),
  "database-outage": () => databaseOutageDrill(),
  "bad-input": () => badInputDrill(),
  "slow-clients": () => slowClientsDrill(),
  "sign-in-load": () => signInLoadDrill(),
  deploy: () => deployDrill(),
  backup: () => backupDrill(),
  "fediverse-kill": () => fediverseKillDrill(),
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in drills));
if (unknown.length) {
  console.error(
    `unknown drill(s): ${unknown.join(", ")}; choose from ${Object.keys(drills).join(", ")}`,
  );
  process.exit(2);
}

const results: DrillResult[] = [];
for (const name of requested.length ? requested : Object.keys(drills)) {
  console.log(`\n== drill: ${name}`);
  const started = Date.now();
  try {
    const result = await drills[name]?.();
    if (result) results.push(result);
  } catch (error) {
    console.log(`  PROBLEM: ${error instanceof Error ? error.stack : error}`);
    results.push({
      name,
      ok: false,
      figures: [],
      problems: [String(error)],
    });
  }
  console.log(`  (took ${Math.round((Date.now() - started) / 1000)} s)`);
}

console.log("\n== summary");
for (const result of results)
  console.log(`  ${result.ok ? "PASS" : "FAIL"}  ${result.name}`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
