// Drill: production behind a real reverse proxy. Three PostgreSQL-backed
// instances behind nginx (Debian's package, installed if missing) with TLS
// and HTTP/2 on loopback, rendered from deploy/nginx/*; read and contact load
// goes through the proxy while deploy/rolling-restart.sh restarts each
// instance in turn. Reports requests sent and failed (target 0), contact
// messages acknowledged versus stored and mailed (target equal), and p99
// during the restarts; checks through the proxy that HTTP/2 is spoken, HSTS
// is sent, cookies are Secure, and the rate limit keys on the client's
// address, not the proxy's. Each simulated visitor connects from its own
// loopback address (127.x.y.z), which nginx passes on as X-Forwarded-For.
import { execFile, spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:http";
import type { Server } from "node:http";
import http2 from "node:http2";
import type { ClientHttp2Session } from "node:http2";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import tls from "node:tls";
import { promisify } from "node:util";

import { openDatabase } from "~database/client";
import { importContent } from "~database/seed";
import { startLoopbackSmtp } from "~tests/support/smtp";
import {
  freshDatabase,
  storedMessages,
  waitForMailQueueEmpty,
} from "./support/database";
import { LOG_DIR, PORT_BASE, startInstance } from "./support/processes";
import type { Instance } from "./support/processes";
import {
  account,
  drillResult,
  percentile,
  reportBooks,
  statusCounts,
} from "./support/reporting";
import { sleep } from "./support/time";
import { token } from "./support/visitors";
import type { Submission } from "./support/visitors";

const run = promisify(execFile);

const INSTANCES = 3;
const HTTPS_PORT = PORT_BASE + 48;
const HTTP_PORT = PORT_BASE + 49;
const SMTP_PORT = PORT_BASE + 46;
const CONTROL_PORT = PORT_BASE + 47;
const instancePort = (n: number) => PORT_BASE + 40 + n;
const METRICS_TOKEN = "deploy-drill-metrics-token";
const ORIGIN = `https://localhost:${HTTPS_PORT}`;

/** nginx on PATH, or installed from Debian's packages (root only). */
async function ensureNginx(
  result: ReturnType<typeof drillResult>,
): Promise<string> {
  for (const candidate of ["nginx", "/usr/sbin/nginx"]) {
    try {
      await run(candidate, ["-v"]);
      return candidate;
    } catch {
      // Not there.
    }
  }
  console.log("  nginx is missing: apt-get install -y nginx");
  await run("apt-get", ["update"], { maxBuffer: 1 << 24 });
  await run("apt-get", ["install", "-y", "nginx"], {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    maxBuffer: 1 << 24,
  });
  result.figure("nginx", "installed from Debian's packages by the drill");
  return "/usr/sbin/nginx";
}

interface Proxy {
  process: ChildProcess;
  /** `nginx -c <conf>`: the command rolling-restart.sh runs for -t and -s reload. */
  command: string;
  upstreamFile: string;
  cert: Buffer;
  stop(): Promise<void>;
}

/** Renders deploy/nginx/* for loopback ports and this run's certificate, and starts nginx. */
async function startProxy(nginx: string, dir: string): Promise<Proxy> {
  mkdirSync(path.join(dir, "temp"), { recursive: true });
  // nginx's workers (nobody) write request bodies there.
  chmodSync(path.join(dir, "temp"), 0o777);
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=localhost",
    "-addext",
    "subjectAltName=DNS:localhost,IP:127.0.0.1",
    "-keyout",
    key,
    "-out",
    cert,
  ]);
  const upstreamFile = path.join(dir, "upstream.conf");
  const ports = Array.from({ length: INSTANCES }, (_, n) =>
    instancePort(n + 1),
  );
  // The shipped upstream file with this drill's ports.
  const upstream = readFileSync("deploy/nginx/upstream.conf", "utf8").replace(
    /^(\s*)server 127\.0\.0\.1:\d+ max_fails=0;\n/gm,
    "",
  );
  writeFileSync(
    upstreamFile,
    upstream.replace(
      /upstream live_site \{\n/,
      (opening) =>
        opening +
        ports
          .map((port) => `    server 127.0.0.1:${port} max_fails=0;\n`)
          .join(""),
    ),
  );
  // envsubst, restricted to the LIVE_SITE_* variables as docs/DEPLOY.md says.
  const variables: Record<string, string> = {
    LIVE_SITE_DOMAIN: "localhost",
    LIVE_SITE_HTTPS_PORT: `127.0.0.1:${HTTPS_PORT}`,
    LIVE_SITE_HTTP_PORT: `127.0.0.1:${HTTP_PORT}`,
    LIVE_SITE_CERT: cert,
    LIVE_SITE_KEY: key,
    LIVE_SITE_UPSTREAM: upstreamFile,
  };
  const site = readFileSync(
    "deploy/nginx/live-site.conf.template",
    "utf8",
  ).replace(/\$\{(LIVE_SITE_[A-Z_]+)\}/g, (_, name: string) => {
    const value = variables[name];
    if (value === undefined) throw new Error(`template names unknown ${name}`);
    return value;
  });
  const siteFile = path.join(dir, "live-site.conf");
  writeFileSync(siteFile, site);
  const temp = path.join(dir, "temp");
  const main = path.join(dir, "nginx.conf");
  writeFileSync(
    main,
    `worker_processes 2;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
    access_log ${path.join(dir, "access.log")};
    client_body_temp_path ${temp}/body;
    proxy_temp_path ${temp}/proxy;
    fastcgi_temp_path ${temp}/fastcgi;
    uwsgi_temp_path ${temp}/uwsgi;
    scgi_temp_path ${temp}/scgi;
    include ${siteFile};
}
`,
  );
  const command = `${nginx} -c ${main}`;
  await run(nginx, ["-t", "-q", "-c", main]);
  const child = spawn(nginx, ["-c", main, "-g", "daemon off;"], {
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => resolve()),
  );
  const certificate = readFileSync(cert);
  for (let tries = 0; ; tries++) {
    try {
      const probe = await request(
        { ca: certificate, address: "127.0.0.1" },
        "GET",
        "/healthz",
      );
      if (probe.status === 200) break;
    } catch (error) {
      if (child.exitCode !== null || tries > 100)
        throw new Error(
          `nginx did not start (see ${path.join(dir, "error.log")})`,
          { cause: error },
        );
    }
    await sleep(100);
  }
  return {
    process: child,
    command,
    upstreamFile,
    cert: certificate,
    async stop() {
      child.kill("SIGQUIT");
      await exited;
    },
  };
}

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
  protocol: string;
}

const sessions = new Map<string, ClientHttp2Session>();

function session(ca: Buffer, address: string): ClientHttp2Session {
  let current = sessions.get(address);
  if (!current || current.closed || current.destroyed) {
    current = http2.connect(ORIGIN, {
      // Each visitor's connection leaves from its own loopback address.
      createConnection: () =>
        tls.connect({
          socket: net.connect({
            host: "127.0.0.1",
            port: HTTPS_PORT,
            localAddress: address,
          }),
          servername: "localhost",
          ca,
          ALPNProtocols: ["h2"],
        }),
    });
    current.on("error", () => undefined);
    current.on("goaway", () => sessions.delete(address));
    sessions.set(address, current);
  }
  return current;
}

/** One HTTP/2 request from a visitor's address; a stream the server refused before starting it is sent again, as browsers do. */
async function request(
  visitor: { ca: Buffer; address: string; retried?: () => void },
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await requestOnce(visitor, method, pathname, headers, body);
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      const refused =
        code === "ERR_HTTP2_GOAWAY_SESSION" ||
        code === "ERR_HTTP2_INVALID_SESSION" ||
        /REFUSED_STREAM|NGHTTP2_REFUSED_STREAM/.test(String(error));
      if (!refused || attempt >= 2) throw error;
      sessions.delete(visitor.address);
      visitor.retried?.();
    }
  }
}

function requestOnce(
  visitor: { ca: Buffer; address: string },
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = session(visitor.ca, visitor.address);
    const stream = client.request(
      {
        ":method": method,
        ":path": pathname,
        // Browsers say how long a form is; the site refuses bodies that do not.
        ...(body === undefined
          ? {}
          : { "content-length": String(Buffer.byteLength(body)) }),
        ...headers,
      },
      { endStream: body === undefined },
    );
    stream.setTimeout(30_000, () =>
      stream.close(http2.constants.NGHTTP2_CANCEL),
    );
    let answerHeaders: http2.IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on("response", (received) => {
      answerHeaders = received;
    });
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () =>
      resolve({
        status: Number(answerHeaders[":status"] ?? 0),
        headers: answerHeaders,
        body: Buffer.concat(chunks).toString("utf8"),
        protocol: client.alpnProtocol ?? "",
      }),
    );
    stream.on("error", reject);
    stream.on("close", () => {
      if (stream.rstCode && stream.rstCode !== http2.constants.NGHTTP2_NO_ERROR)
        reject(
          Object.assign(new Error(`stream reset ${stream.rstCode}`), {
            code:
              stream.rstCode === http2.constants.NGHTTP2_REFUSED_STREAM
                ? "NGHTTP2_REFUSED_STREAM"
                : "ERR_HTTP2_STREAM_RESET",
          }),
        );
    });
    if (body !== undefined) stream.end(body);
    else stream.end();
  });
}

/** Visitor number n's own loopback address. */
const visitorAddress = (n: number) =>
  `127.${10 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255 || 1}`;

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
  status: number | string;
  kind: "read" | "contact";
}

export async function deployDrill({
  readers = 4,
  contactEveryMs = 150,
  settleMs = 3_000,
} = {}) {
  const result = drillResult(
    "deploy: rolling restart behind nginx (TLS, HTTP/2)",
  );
  const nginx = await ensureNginx(result);
  const dir = path.join(LOG_DIR, "deploy");
  mkdirSync(dir, { recursive: true });
  const database = await freshDatabase("16_deploy");
  const smtp = await startLoopbackSmtp({ port: SMTP_PORT });
  const instances: Instance[] = [];
  let proxy: Proxy | undefined;
  let control: Server | undefined;
  try {
    const seeded = await openDatabase({
      databaseUrl: database.url,
      dataDir: "",
    });
    try {
      await seeded.migrate();
      await importContent(seeded.db, path.resolve("content"));
    } finally {
      await seeded.close();
    }
    const start = (n: number) =>
      startInstance({
        name: `deploy-${n}`,
        port: instancePort(n),
        databaseUrl: database.url,
        smtpUrl: `smtp://127.0.0.1:${SMTP_PORT}`,
        env: { SITE_URL: ORIGIN, TRUST_PROXY: "1", METRICS_TOKEN },
        readyTimeoutMs: 180_000,
      });
    for (let n = 1; n <= INSTANCES; n++) instances.push(await start(n));
    proxy = await startProxy(nginx, dir);
    const ca = proxy.cert;

    // --- What the proxy must get right -----------------------------------
    const first = await request({ ca, address: "127.0.0.2" }, "GET", "/");
    result.figure("protocol through the proxy", first.protocol);
    if (first.protocol !== "h2")
      result.problem("the proxy did not speak HTTP/2");
    const hsts = String(first.headers["strict-transport-security"] ?? "");
    result.figure("Strict-Transport-Security", hsts || "(missing)");
    if (!/max-age=\d+/.test(hsts))
      result.problem("no HSTS header through the proxy");
    const notice = Buffer.from(JSON.stringify("post-deleted")).toString(
      "base64",
    );
    const withCookie = await request(
      { ca, address: "127.0.0.2" },
      "GET",
      "/content-hub",
      {
        cookie: `notice=${notice}`,
      },
    );
    const cookies = [withCookie.headers["set-cookie"] ?? []].flat();
    result.figure(
      "Set-Cookie through the proxy",
      cookies.join(" | ") || "(none)",
    );
    if (
      cookies.length === 0 ||
      !cookies.every((cookie) => /;\s*Secure/i.test(cookie))
    )
      result.problem("a cookie set through the TLS proxy is not Secure");
    const plain = await fetch(`http://127.0.0.1:${HTTP_PORT}/about`, {
      redirect: "manual",
    });
    result.figure(
      "plain HTTP",
      `${plain.status} → ${plain.headers.get("location") ?? "(no redirect)"}`,
    );
    if (
      plain.status !== 301 ||
      !plain.headers.get("location")?.startsWith("https://")
    )
      result.problem("plain HTTP is not redirected to HTTPS");
    const metricsThroughProxy = await request(
      { ca, address: "127.0.0.2" },
      "GET",
      "/metrics",
      {
        authorization: `Bearer ${METRICS_TOKEN}`,
      },
    );
    if (metricsThroughProxy.status !== 404)
      result.problem("/metrics answers through the public proxy");

    // The rate limit (10 posts per minute per client and path) counts the
    // visitor's address: one visitor is stopped, even when it claims to be
    // someone else, while the next visitor, through the same proxy, is not.
    const signIn = (address: string, headers: Record<string, string> = {}) =>
      request(
        { ca, address },
        "POST",
        "/sign-in",
        {
          "content-type": "application/x-www-form-urlencoded",
          origin: ORIGIN,
          ...headers,
        },
        "email=nobody%40example.org&password=wrong-password",
      );
    const limited: number[] = [];
    for (let i = 0; i < 11; i++)
      limited.push((await signIn("127.0.0.3")).status);
    const spoofed = await signIn("127.0.0.3", {
      "x-forwarded-for": "203.0.113.9",
    });
    const other = await signIn("127.0.0.4");
    result.figure(
      "sign-in posts from one visitor: statuses",
      `${limited.join(" ")}; spoofing X-Forwarded-For: ${spoofed.status}; another visitor: ${other.status}`,
    );
    if (limited[10] !== 429 || spoofed.status !== 429 || other.status === 429)
      result.problem(
        "the rate limit does not key on the client's address behind the proxy",
      );

    // --- Load, while every instance restarts in turn ----------------------
    const samples: Sample[] = [];
    const submissions: Submission[] = [];
    let clientRetries = 0;
    const retried = () => {
      clientRetries += 1;
    };
    const pages = [
      "/",
      "/about",
      "/content-hub",
      "/leadership",
      "/community",
      "/hiking",
      "/music",
      "/fitness",
      "/travel",
      "/motivational",
      "/events-calendar",
      "/rss.xml",
    ];
    const slugs = await database.query<{ slug: string }>(
      "select slug from posts limit 20",
    );
    pages.push(...slugs.map(({ slug }) => `/post/${slug}`));
    let loading = true;
    const t0 = performance.now();
    const reader = async (n: number) => {
      const visitor = { ca, address: visitorAddress(1_000 + n), retried };
      for (let i = 0; loading; i++) {
        const page = pages[(n * 7 + i) % pages.length] ?? "/";
        const startedAt = performance.now();
        let status: number | string;
        try {
          status = (await request(visitor, "GET", page)).status;
        } catch (error) {
          status = (error as { code?: string }).code ?? "network error";
        }
        samples.push({
          at: startedAt - t0,
          ms: performance.now() - startedAt,
          ok: status === 200,
          status,
          kind: "read",
        });
      }
    };
    let contacts = 0;
    const contactLoop = async () => {
      const inFlight = new Set<Promise<void>>();
      while (loading) {
        const index = contacts++;
        // Five messages per visitor: well inside the rate limit.
        const visitor = {
          ca,
          address: visitorAddress(Math.floor(index / 5)),
          retried,
        };
        const asData = index % 2 === 1;
        const submission = (async () => {
          const tokenValue = token("deploy", index);
          const startedAt = performance.now();
          let status: number | string;
          let acknowledged = false;
          try {
            const answer = await request(
              visitor,
              "POST",
              `/contact${asData ? ".data" : ""}`,
              {
                "content-type": "application/x-www-form-urlencoded",
                origin: ORIGIN,
              },
              new URLSearchParams({
                name: `Drill Visitor ${index}`,
                email: `visitor${index}@example.org`,
                message: `Reliability drill message ${tokenValue}. Please keep this one safe.`,
              }).toString(),
            );
            status = answer.status;
            acknowledged =
              answer.status === 200 &&
              (asData
                ? answer.body.includes('"sent"')
                : answer.body.includes("Message Sent!"));
          } catch (error) {
            status = (error as { code?: string }).code ?? "network error";
          }
          const ms = performance.now() - startedAt;
          submissions.push({
            token: tokenValue,
            acknowledged,
            status: typeof status === "number" ? status : "network error",
            ms,
          });
          samples.push({
            at: startedAt - t0,
            ms,
            ok: acknowledged,
            status,
            kind: "contact",
          });
        })();
        inFlight.add(submission);
        void submission.finally(() => inFlight.delete(submission));
        await sleep(contactEveryMs);
      }
      await Promise.all(inFlight);
    };

    // The drill's instances stand in for systemd's: rolling-restart.sh asks
    // for each restart here (SIGTERM, wait for exit, start, wait until ready).
    const restarts: Array<{
      port: number;
      from: number;
      to: number;
      readyMs: number;
    }> = [];
    control = createServer((req, res) => {
      const port = Number(/^\/restart\/(\d+)$/.exec(req.url ?? "")?.[1]);
      const n = instances.findIndex((instance) =>
        instance.url.endsWith(`:${port}`),
      );
      if (n < 0) {
        res.writeHead(404).end();
        return;
      }
      const from = performance.now() - t0;
      void (async () => {
        try {
          await instances[n]?.stop();
          const stoppedAt = performance.now();
          instances[n] = await start(n + 1);
          const to = performance.now() - t0;
          restarts.push({
            port,
            from,
            to,
            readyMs: Math.round(performance.now() - stoppedAt),
          });
          res.writeHead(200).end("restarted\n");
        } catch (error) {
          res.writeHead(500).end(String(error));
        }
      })();
    });
    await new Promise<void>((resolve) =>
      control?.listen(CONTROL_PORT, "127.0.0.1", resolve),
    );

    const load = Promise.all([
      ...Array.from({ length: readers }, (_, n) => reader(n)),
      contactLoop(),
    ]);
    await sleep(settleMs);
    const ports = Array.from({ length: INSTANCES }, (_, n) =>
      instancePort(n + 1),
    );
    const restartStarted = performance.now() - t0;
    const script = await new Promise<{ code: number | null; output: string }>(
      (resolve) => {
        const child = spawn("sh", ["deploy/rolling-restart.sh"], {
          env: {
            ...process.env,
            PORTS: ports.join(" "),
            UPSTREAM_FILE: proxy?.upstreamFile ?? "",
            NGINX_CMD: proxy?.command ?? "nginx",
            RESTART: `curl -fsS -m 240 http://127.0.0.1:${CONTROL_PORT}/restart/$port`,
            READY_TIMEOUT: "180",
          },
        });
        let output = "";
        child.stdout.on(
          "data",
          (chunk: Buffer) => (output += chunk.toString()),
        );
        child.stderr.on(
          "data",
          (chunk: Buffer) => (output += chunk.toString()),
        );
        child.on("exit", (code) => resolve({ code, output }));
      },
    );
    const restartEnded = performance.now() - t0;
    writeFileSync(path.join(dir, "rolling-restart.log"), script.output);
    if (script.code !== 0)
      result.problem(
        `rolling-restart.sh exited with ${script.code}:\n${script.output}`,
      );
    await sleep(settleMs);
    loading = false;
    await load;
    for (const visitor of sessions.values()) visitor.close();
    sessions.clear();

    result.figure(
      "restarts (port: ready after ms)",
      restarts
        .map((restart) => `${restart.port}: ${restart.readyMs}`)
        .join(", "),
    );
    result.figure(
      "rolling restart took (s)",
      ((restartEnded - restartStarted) / 1000).toFixed(1),
    );
    const failed = samples.filter((sample) => !sample.ok);
    const reads = samples.filter((sample) => sample.kind === "read");
    result.figure(
      "requests sent (reads + contact)",
      `${samples.length} (${reads.length} + ${samples.length - reads.length})`,
    );
    result.figure("requests failed", failed.length);
    if (failed.length)
      result.problem(
        `failed requests: ${[...new Set(failed.map((sample) => `${sample.kind} ${sample.status}`))].join(", ")}`,
      );
    result.figure(
      "streams refused by a reloading nginx and sent again (as browsers do)",
      clientRetries,
    );
    result.figure("contact answers", statusCounts(submissions));
    const during = samples.filter(
      (sample) => sample.at >= restartStarted && sample.at <= restartEnded,
    );
    const times = (list: Sample[]) => list.map((sample) => sample.ms);
    result.figure(
      "latency p50 / p99 / max, whole run (ms)",
      `${percentile(times(samples), 50)} / ${percentile(times(samples), 99)} / ${percentile(times(samples), 100)}`,
    );
    result.figure(
      "latency p50 / p99 / max, during the restarts (ms)",
      `${percentile(times(during), 50)} / ${percentile(times(during), 99)} / ${percentile(times(during), 100)}`,
    );

    // --- The books: every acknowledged message stored and mailed ---------
    await waitForMailQueueEmpty(database, 120_000);
    const stored = (await storedMessages(database)).filter((row) =>
      row.token?.startsWith("deploy-"),
    );
    const books = account(
      submissions,
      stored,
      smtp.mails.map((mail) => mail.messageId),
    );
    result.figure("contact messages stored", stored.length);
    result.figure("mails received", smtp.mails.length);
    reportBooks(result, books);
    if (books.acknowledged !== submissions.length)
      result.problem(
        `${submissions.length - books.acknowledged} contact posts not acknowledged`,
      );

    // --- /metrics scrapes on each instance --------------------------------
    const scrape = await fetch(`${instances[0]?.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const metrics = await scrape.text();
    const line = (name: string) =>
      metrics.split("\n").find((row) => row.startsWith(name)) ??
      `${name} (missing)`;
    result.figure(
      "/metrics on an instance",
      `${scrape.status}, ${metrics.split("\n").length} lines`,
    );
    result.figure("  ", line("mail_outbox_pending"));
    result.figure("  ", line("page_cache_hit_ratio"));
    result.figure("  ", line("nodejs_eventloop_lag_p99_seconds"));
    if (scrape.status !== 200 || !metrics.includes("http_requests_total"))
      result.problem("/metrics did not scrape");
  } finally {
    for (const visitor of sessions.values()) visitor.destroy();
    sessions.clear();
    control?.close();
    await proxy?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await smtp.close();
    await database.drop();
  }
  return result;
}
