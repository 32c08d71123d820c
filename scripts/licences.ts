// npm run licences: every production dependency as installed (the lock
// file's non-development packages present in node_modules), with its version
// and licence, then a count per licence. `-- --json` prints JSON. It reads
// only the local tree, so it works where the registry's advisory service is
// out of reach (docs/SECURITY.md says how advisories are checked).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { z } from "zod";

const { values } = parseArgs({
  options: { json: { type: "boolean", default: false } },
});

const lockSchema = z.object({
  packages: z.record(
    z.string(),
    z.object({
      version: z.string().optional(),
      license: z.string().optional(),
      dev: z.boolean().optional(),
      devOptional: z.boolean().optional(),
    }),
  ),
});
const manifestSchema = z.object({
  name: z.string(),
  version: z.string(),
  license: z
    .union([z.string(), z.object({ type: z.string() })])
    .optional()
    .transform((value) => (typeof value === "object" ? value.type : value)),
});

const lock = lockSchema.parse(
  JSON.parse(readFileSync(path.resolve("package-lock.json"), "utf8")),
);

interface Dependency {
  name: string;
  version: string;
  licence: string;
  path: string;
}

const dependencies: Dependency[] = [];
for (const [where, entry] of Object.entries(lock.packages)) {
  if (!where || entry.dev || entry.devOptional) continue;
  // Optional packages for other platforms (sharp's, for one) are not installed.
  const manifestFile = path.resolve(where, "package.json");
  if (!existsSync(manifestFile)) continue;
  const manifest = manifestSchema.parse(
    JSON.parse(readFileSync(manifestFile, "utf8")),
  );
  dependencies.push({
    name: manifest.name,
    version: manifest.version,
    licence: manifest.license ?? entry.license ?? "UNKNOWN",
    path: where,
  });
}
dependencies.sort(
  (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
);

const perLicence = new Map<string, number>();
for (const { licence } of dependencies)
  perLicence.set(licence, (perLicence.get(licence) ?? 0) + 1);

if (values.json) {
  console.log(JSON.stringify(dependencies, null, 2));
} else {
  const width = Math.max(
    ...dependencies.map((d) => `${d.name}@${d.version}`.length),
  );
  for (const d of dependencies)
    console.log(`${`${d.name}@${d.version}`.padEnd(width)}  ${d.licence}`);
  console.log(`\n${dependencies.length} production packages installed:`);
  for (const [licence, count] of [...perLicence].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(count).padStart(4)}  ${licence}`);
}
