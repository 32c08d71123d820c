// npm run owner:create -- --email you@example.com [--name '…']
//
// Creates the site owner's account, or makes an existing account the owner
// with a new password (ending its sessions). The password never goes on the
// command line, where `ps` and the shell's history would show it: in a
// terminal it is asked for twice without echo, otherwise it is read from
// standard input (its first line). Works on the embedded database (DATA_DIR)
// and on DATABASE_URL alike.
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";

import { createOwner, ownerInputSchema } from "~/auth/owner.server";
import { importContent } from "~database/seed";
import { parseEnv } from "~shared/env";

import { openCommandDatabase } from "./lib/command-database";

const usage = `Usage: npm run owner:create -- --email <address> [--name <display name>]

Creates the owner account (or promotes an existing account and sets its
password). In a terminal, the email (when not given) and the password are
asked for; the password is not shown and is asked twice. Otherwise the
password is read from standard input, e.g.
  printf '%s\n' "$OWNER_PASSWORD" | npm run owner:create -- --email you@example.com
The password needs at least 12 characters.`;

async function main(): Promise<number> {
  if (process.argv.some((arg) => /^--password(=|$)/.test(arg))) {
    console.error(
      `${usage}\n\nThere is no --password option: a password on the command line shows in \`ps\` and in the shell's history.`,
    );
    return 2;
  }
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }

  const interactive = Boolean(process.stdin.isTTY);
  const email =
    values.email ?? (interactive ? await ask("Email: ") : undefined);
  if (email === undefined) {
    console.error(`${usage}\n\nMissing --email.`);
    return 2;
  }
  const password = interactive
    ? await askNewPassword()
    : await readPasswordFromInput();
  if (password === undefined) {
    console.error(
      `${usage}\n\nNo password on standard input (and no terminal to ask in).`,
    );
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
  const database = await openCommandDatabase(env);
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

/** The first line of standard input, or undefined when it is empty. */
async function readPasswordFromInput(): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const [line = ""] = Buffer.concat(chunks).toString("utf8").split(/\r?\n/);
  return line === "" ? undefined : line;
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
