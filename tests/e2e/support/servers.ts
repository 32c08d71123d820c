// The journeys' servers: which kinds run, on which ports, with what
// environment. playwright.config.ts starts them (through start-servers.ts)
// and the journeys address them; plain node reads this file too.
/**
 * Each journey runs against a production build served from its own embedded
 * database, prepared by tests/e2e/support/prepare.ts:
 * - seeded:  the demo content, read only;
 * - empty:   migrated but without content (every empty state);
 * - broken:  demo content with its content tables made unusable (every read
 *            failure, and the contact form's insert);
 * - mutable: demo content plus an owner account, for journeys that write.
 * - mail:    demo content, mailing contact notifications to a loopback SMTP
 *            server a journey starts on mailSmtpPort; it trusts one proxy hop,
 *            so each journey can be its own client (X-Forwarded-For) for the
 *            rate limit.
 * - archive: demo content plus 100 generated posts (database/fixture.ts),
 *            enough for three or more pages of every archive.
 * - held:    demo content on PostgreSQL (a database of its own on the server
 *            of TEST_DATABASE_URL; only when that is set), with no content
 *            or page cache: a journey locks a table through its own
 *            connection to hold a page's data, and sees the loading text.
 */
export const servers = {
  seeded: 4101,
  empty: 4102,
  broken: 4103,
  mutable: 4104,
  mail: 4105,
  archive: 4106,
  held: 4107,
} as const;

export const portBase = Number(process.env.E2E_PORT_BASE ?? 0);
export function serverUrl(name: keyof typeof servers): string {
  return `http://localhost:${servers[name] + portBase}`;
}

/**
 * The held server's database, on the PostgreSQL server of
 * TEST_DATABASE_URL; undefined without it (its journeys are then skipped).
 */
export function heldDatabaseUrl(): string | undefined {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return undefined;
  const url = new URL(admin);
  url.pathname = `/e2e_held_${servers.held + portBase}`;
  return url.toString();
}

/** Where the mail server delivers; a journey listens here with smtp-server. */
export const mailSmtpPort = 5090 + portBase;
const serverEnv: Partial<Record<keyof typeof servers, Record<string, string>>> =
  {
    mail: {
      SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
      TRUST_PROXY: "1",
    },
    // Every read reaches the database, where a journey holds it.
    held: {
      CONTENT_CACHE_SECONDS: "0",
      E2E_DATABASE_URL: heldDatabaseUrl() ?? "",
    },
  };

/** The kinds this run starts: all but "held" without TEST_DATABASE_URL. */
export function serverKinds(): Array<keyof typeof servers> {
  return (Object.keys(servers) as Array<keyof typeof servers>).filter(
    (name) => name !== "held" || heldDatabaseUrl() !== undefined,
  );
}

/** What a kind's server process is started with, beside the parent's own. */
export function serverEnvironment(
  name: keyof typeof servers,
): Record<string, string> {
  return {
    PORT: String(servers[name] + portBase),
    // The broken server's read failures are expected; keep them out of the report.
    LOG_LEVEL: name === "broken" ? "silent" : "warn",
    // As behind one proxy: journeys set X-Forwarded-For to act as separate visitors.
    TRUST_PROXY: "1",
    ...serverEnv[name],
  };
}

/**
 * Where the launcher of all the servers answers once every one of them is
 * ready (tests/e2e/support/start-servers.ts): Playwright starts the servers
 * of a list one after another, each waiting for the last, and this site's
 * servers each spend most of their start preparing a database, which they
 * can do side by side.
 */
export const allServersReadyUrl = `http://localhost:${4100 + portBase}/readyz`;
