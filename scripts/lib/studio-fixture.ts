// The studio's share of the fixture (database/fixture.ts): uploaded images
// and contact messages at scale, for `npm run db:fixture`, `npm run bench`
// and `npm run budget` (`--images 500 --messages 5000`).
import { parseArgs } from "node:util";

import { openDatabase } from "~database/client";
import { seedFixtureMedia } from "~database/fixture";
import { seedFixtureMessages } from "~database/fixture-messages";

export interface StudioFixture {
  images: number;
  messages: number;
}

/** `--images N` and `--messages N` on the command line (0 without them). */
export function studioFixtureArguments(
  argv = process.argv.slice(2),
): StudioFixture {
  const { values } = parseArgs({
    args: argv,
    options: {
      images: { type: "string" },
      messages: { type: "string" },
    },
    strict: false,
  });
  const count = (name: "images" | "messages", max: number) => {
    const value = Number(values[name] ?? 0);
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new Error(`--${name} is a whole number from 0 to ${max}`);
    }
    return value;
  };
  return {
    images: count("images", 10_000),
    messages: count("messages", 100_000),
  };
}

/** Adds the images and messages to a migrated database (none that are there already); returns how many were new. */
export async function seedStudioFixture(
  target: { dataDir: string } | { databaseUrl: string },
  fixture: StudioFixture,
): Promise<StudioFixture> {
  if (fixture.images === 0 && fixture.messages === 0) return fixture;
  const database = await openDatabase(
    "databaseUrl" in target ? { ...target, dataDir: "" } : target,
  );
  try {
    await database.migrate();
    return {
      images: await seedFixtureMedia(database.db, fixture.images),
      messages: await seedFixtureMessages(database.db, fixture.messages),
    };
  } finally {
    await database.close();
  }
}
