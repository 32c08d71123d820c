// npm run owner:create -- --email you@example.com --password '…' [--name '…']
//
// Creates the site owner's account, or makes an existing account the owner
// with a new password (ending its sessions). Missing values are asked for when
// run in a terminal. Works on the embedded database (DATA_DIR) and on
// DATABASE_URL alike.
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";

import { createOwner, ownerInputSchema } from "~/auth/owner.server";
import { openDatabase } from "~database/client";
import { importContent } from "~database/seed";
import { parseEnv } from "~shared/env";

const usage = `Usage: npm run owner:create -- --email <address> --password <password> [--name <display name>]

Creates the owner account (or promotes an existing account and sets its
password). In a terminal, missing values are asked for. The password needs at
least 12 characters.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }

  const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  const email =
    values.email ?? (interactive ? await ask("Email: ") : undefined);
  const password =
    values.password ?? (interactive ? await askNewPassword() : undefined);
  if (email === undefined || password === undefined) {
    console.error(`${usage}\n\nMissing --email or --password.`);
    return 2;
  }
  const input = ownerInputSchema.safeParse({
    email,
    password,
    name: values.name,
  });
  if (!input.success) {
    for (const issue of input.error.issues) {
      console.error(`${issue.path.join(".")}: ${issue.message}`);
    }
    return 1;
  }

  const env = parseEnv();
  if (!env.DATABASE_URL) {
    // PGlite lets one process at a time use a data directory, and does not lock
    // it: a second process would corrupt it. An open directory holds this file.
    const dataDir = path.resolve(env.DATA_DIR);
    if (existsSync(path.join(dataDir, "postmaster.pid"))) {
      console.error(
        `The embedded database in ${dataDir} is in use, most likely by the running site.\n` +
          "Stop the site (Ctrl+C, or SIGTERM), run this command again, then start the site.\n" +
          "(If no site is running, it did not shut down cleanly: start and stop it once.)",
      );
      return 1;
    }
  }

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
  });
  try {
    await database.migrate();
    // A new embedded database gets the demo content, as at the site's first start.
    if (database.created)
      await importContent(database.db, path.resolve("content"));
    const result = await createOwner(database.db, input.data);
    const where = database.kind === "postgres" ? "PostgreSQL" : env.DATA_DIR;
    console.log(
      result.created
        ? `Created the owner account ${input.data.email} (${where}).`
        : `${input.data.email} is now the owner, with the new password (${where}); ` +
            `${result.sessionsEnded} session(s) signed out.`,
    );
    console.log(`Sign in at ${env.SITE_URL}/sign-in`);
    return 0;
  } finally {
    await database.close();
  }
}

async function ask(question: string): Promise<string> {
  const prompt = createInterface({
    input: process.stdin,
    output: process.stdout,
  });
  try {
    return await prompt.question(question);
  } finally {
    prompt.close();
  }
}

async function askNewPassword(): Promise<string> {
  const password = await askHidden("Password (at least 12 characters): ");
  const again = await askHidden("Repeat the password: ");
  if (again !== password) throw new Error("The passwords do not match.");
  return password;
}

/** Reads a line without echoing it. */
function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = "";
    const finish = (done: () => void) => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write("\n");
      done();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          finish(() => resolve(value));
          return;
        }
        if (char === "\u0003") {
          finish(() => reject(new Error("Cancelled.")));
          return;
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on("data", onData);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
