import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** Unset: every address, IPv6 and IPv4 alike (Node's default), so [::1] is answered as well as 127.0.0.1. */
  HOST: optionalText,
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(
        /^postgres(ql)?:\/\//,
        "must start with postgres:// or postgresql://",
      )
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default(".data"),
  SITE_URL: optionalText.pipe(z.url().optional()),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
  ),
  CONTACT_TO: optionalText.pipe(z.email().optional()),
  /** Notification mails sent in any hour at most; more wait, marked, until the hour allows. 0: no cap. */
  MAIL_PER_HOUR: z.coerce.number().int().min(0).default(30),
  /** Newsletter mails sent in any hour at most; more wait, queued, until the hour allows. 0: no cap. */
  NEWSLETTER_PER_HOUR: z.coerce.number().int().min(0).default(300),
  /** Set behind a TLS-terminating proxy: how many proxy hops to trust for the client address and protocol. */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  /** Signs session cookies; unset: a secret generated on first start and kept in the database (site_secrets). */
  BETTER_AUTH_SECRET: optionalText.pipe(
    z
      .string()
      .min(32, "must be at least 32 characters (try: openssl rand -base64 32)")
      .optional(),
  ),
  /**
   * The safety TTL: the longest content reads and rendered pages (the contact
   * form's shared 'Message Sent!' page too) are reused. They are forgotten at
   * once when the database announces a change; while its notifications are
   * not arriving, they live 5 s at most (docs/decisions/013). 0 turns the
   * caches, and the listening, off.
   */
  CONTENT_CACHE_SECONDS: z.coerce.number().min(0).max(86_400).default(3600),
  /** Turns on GET /metrics (Prometheus text), answered only to `Authorization: Bearer <this>`; unset: no /metrics. */
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .min(16, "must be at least 16 characters (try: openssl rand -hex 24)")
      .optional(),
  ),
  /**
   * The embedded database only: the running site writes a dump (plain SQL,
   * gzip'd) here about once a day (docs/DEPLOY.md); unset: no scheduled
   * backups. On PostgreSQL, schedule `npm run backup` instead.
   */
  BACKUP_DIR: optionalText,
  /** How many of BACKUP_DIR's dumps are kept; older ones are removed. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
  /** Counts readers (docs/PRIVACY.md); "off" records nothing and the studio's figures stand still. */
  READERS_COUNTING: z.enum(["on", "off"]).default("on"),
  /**
   * host:port peers the social web may reach although they are private or
   * loopback addresses (test rigs, intranets), comma-separated; empty by
   * default: every fetch refuses them (docs/SECURITY.md).
   */
  FEDIVERSE_PRIVATE_PEERS: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((peer) => peer.trim().toLowerCase())
        .filter((peer) => peer !== ""),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/,
            "each peer is host:port, like 127.0.0.1:4001",
          ),
      ),
    ),
  LOG_LEVEL: z
    .enum(["debug", "info", "warn", "error", "silent"])
    .default("info"),
});

export type Env = z.infer<typeof envSchema> & {
  SITE_URL: string;
  /**
   * The origins the owner may sign in at: SITE_URL's when it is set;
   * otherwise the site's port at localhost, 127.0.0.1 and [::1], so the
   * address typed on the first day works whichever it is.
   */
  SIGN_IN_ORIGINS: string[];
};

/** Parses the environment once at boot; a bad value stops the server with a message naming the variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const env = result.data;
  const loopback = ["localhost", "127.0.0.1", "[::1]"].map(
    (host) => `http://${host}:${env.PORT}`,
  );
  return {
    ...env,
    SITE_URL: (env.SITE_URL ?? loopback[0] ?? "").replace(/\/$/, ""),
    SIGN_IN_ORIGINS: env.SITE_URL ? [new URL(env.SITE_URL).origin] : loopback,
  };
}
