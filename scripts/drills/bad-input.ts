// Drill 5: a table of bad requests. Every one must be answered 4xx with a
// clear explanation, never 5xx, and store nothing.
import http from "node:http";
import path from "node:path";

import { openDatabase } from "~database/client";
import { importContent } from "~database/seed";

import { freshDatabase } from "./support/database";
import { PORT_BASE, startInstance } from "./support/processes";
import { drillResult } from "./support/reporting";
import { visitorAddress } from "./support/visitors";

interface BadRequest {
  name: string;
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Send the body in chunks without a length. */
  chunked?: boolean;
  /** The expected status, or the acceptable ones. */
  status: number | number[];
  /** What the answer must say (HTML escapes apostrophes, hence the patterns). */
  explains: RegExp;
}

const form = (fields: Record<string, string>) =>
  new URLSearchParams(fields).toString();
const good = {
  name: "Riley Chen",
  email: "riley@example.org",
  message: "A perfectly ordinary message.",
};
const urlencoded = {
  "content-type": "application/x-www-form-urlencoded",
};

type Part = string | Buffer | { file: string };

function multipart(parts: Record<string, Part>): {
  headers: Record<string, string>;
  body: Buffer;
} {
  const boundary = "----drill-boundary";
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    const file = typeof value === "object" && "file" in value;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${name}.txt"\r\nContent-Type: text/plain` : ""}\r\n\r\n`,
      ),
      file ? Buffer.from(value.file) : Buffer.from(value),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(chunks),
  };
}

const missing = /Missing Information/;
const unreadable = /could not be read/;
const notAForm = /accepts only what a browser sends for a form/;
const foreign = /only accepts forms sent from its own pages/;

const cases: BadRequest[] = [
  { name: "no fields at all", body: "", status: 400, explains: missing },
  {
    name: "name missing",
    body: form({ email: good.email, message: good.message }),
    status: 400,
    explains: missing,
  },
  {
    name: "every field empty",
    body: form({ name: "", email: "", message: "" }),
    status: 400,
    explains: missing,
  },
  {
    name: "fields of only whitespace",
    body: form({ name: " \t", email: "  ", message: "\n\n" }),
    status: 400,
    explains: missing,
  },
  {
    name: "a file where the name should be (wrong type)",
    ...multipart({ ...good, name: { file: "Riley" } }),
    status: 400,
    explains: /The name must be text/,
  },
  {
    name: "email without a real domain",
    body: form({ ...good, email: "riley@localhost" }),
    status: 400,
    explains: /valid email address/,
  },
  {
    name: "email of 300 characters",
    body: form({ ...good, email: `${"r".repeat(288)}@example.org` }),
    status: 400,
    explains: /under 254 characters/,
  },
  {
    name: "name of 101 characters",
    body: form({ ...good, name: "R".repeat(101) }),
    status: 400,
    explains: /under 100 characters/,
  },
  {
    name: "message of 5,001 characters",
    body: form({ ...good, message: "m".repeat(5_001) }),
    status: 400,
    explains: /under 5000 characters/,
  },
  {
    name: "1 MB body",
    body: form({ ...good, message: "m".repeat(1_000_000) }),
    status: 413,
    explains: /limited to 64 KB/,
  },
  {
    name: "100 MB declared, little sent",
    headers: { "content-length": String(100 * 1024 * 1024) },
    body: form(good),
    status: 413,
    explains: /limited to 64 KB/,
  },
  {
    name: "chunked body without a length",
    body: form(good),
    chunked: true,
    status: 411,
    explains: /Content-Length/,
  },
  {
    name: "raw bytes that are not UTF-8",
    body: Buffer.concat([
      Buffer.from("name=Riley"),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from(`&email=${good.email}&message=hello`),
    ]),
    status: 400,
    explains: unreadable,
  },
  {
    name: "percent-encoded bytes that are not UTF-8",
    body: `name=Riley&email=${good.email}&message=caf%E9%FF`,
    status: 400,
    explains: unreadable,
  },
  {
    name: "an encoded lone surrogate",
    body: `name=Riley%ED%A0%80&email=${good.email}&message=hello`,
    status: 400,
    explains: unreadable,
  },
  {
    name: "a NUL byte in the message",
    body: `name=Riley&email=${good.email}&message=hel%00lo`,
    status: 400,
    explains: unreadable,
  },
  {
    name: "multipart with bytes that are not UTF-8",
    ...multipart({ ...good, message: Buffer.from([0x68, 0x69, 0xff, 0xfe]) }),
    status: 400,
    explains: unreadable,
  },
  {
    name: "multipart without its boundary",
    headers: { "content-type": "multipart/form-data" },
    body: "--x\r\n\r\nhello",
    status: 400,
    explains: /could not be read/,
  },
  {
    name: "script in the name",
    body: form({ ...good, name: "<script>alert(1)</script>" }),
    status: 400,
    explains: /Your name can(?:'|&#x27;)t contain/,
  },
  {
    name: "script in the message",
    body: form({ ...good, message: "<script>alert(document.cookie)</script>" }),
    status: 400,
    explains: /without HTML tags/,
  },
  {
    name: "event-handler markup in the message",
    body: form({ ...good, message: 'Hi <img src=x onerror="alert(1)">' }),
    status: 400,
    explains: /without HTML tags/,
  },
  {
    name: "SQL in the name",
    body: form({ ...good, name: "Robert'); DROP TABLE messages;--" }),
    status: 400,
    explains: /Your name can(?:'|&#x27;)t contain/,
  },
  {
    name: "SQL in the email",
    body: form({ ...good, email: "x' OR '1'='1@example.org" }),
    status: 400,
    explains: /valid email address/,
  },
  {
    name: "mail header injection in the name",
    body: form({ ...good, name: "Riley\r\nBcc: everyone@example.org" }),
    status: 400,
    explains: /single line/,
  },
  {
    name: "JSON instead of a form",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(good),
    status: 415,
    explains: notAForm,
  },
  {
    name: "JSON to the data endpoint",
    path: "/contact.data",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(good),
    status: 415,
    explains: notAForm,
  },
  {
    name: "JSON to the sign-in page",
    path: "/sign-in",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "owner@example.org", password: "x" }),
    status: 415,
    explains: notAForm,
  },
  {
    name: "JSON to the sign-in page's data endpoint",
    path: "/sign-in.data",
    headers: { "content-type": "application/json" },
    body: "{",
    status: 415,
    explains: notAForm,
  },
  {
    name: "multipart without its boundary to the sign-in page",
    path: "/sign-in",
    headers: { "content-type": "multipart/form-data" },
    body: "--x\r\n\r\nhello",
    status: 400,
    explains: /could not be read/,
  },
  {
    name: "malformed JSON to the sign-in API",
    path: "/api/auth/sign-in/email",
    headers: { "content-type": "application/json" },
    body: '{"email": "owner@example.org", "password": ',
    status: [400, 415, 422],
    explains: /./,
  },
  {
    name: "plain text",
    headers: { "content-type": "text/plain" },
    body: form(good),
    status: 415,
    explains: notAForm,
  },
  {
    name: "XML",
    headers: { "content-type": "application/xml" },
    body: "<message><name>Riley</name></message>",
    status: 415,
    explains: notAForm,
  },
  {
    name: "no content type",
    headers: { "content-type": "" },
    body: form(good),
    status: 415,
    explains: notAForm,
  },
  {
    name: "posted from another site",
    headers: { origin: "https://evil.example" },
    body: form(good),
    status: 403,
    explains: foreign,
  },
  {
    name: "posted from an opaque origin",
    headers: { origin: "null" },
    body: form(good),
    status: 403,
    explains: foreign,
  },
  {
    name: "cross-site by fetch metadata",
    headers: { "sec-fetch-site": "cross-site" },
    body: form(good),
    status: 403,
    explains: foreign,
  },
  {
    name: "same host, other scheme",
    headers: { origin: "https://127.0.0.1" },
    body: form(good),
    status: 403,
    explains: foreign,
  },
  {
    name: "PUT instead of POST",
    method: "PUT",
    body: form(good),
    status: 405,
    explains: /sent with POST/,
  },
  {
    name: "a post to a page without a form",
    path: "/about",
    body: form(good),
    status: 405,
    explains: /can(?:'|&#x27;)t be changed from here/,
  },
  {
    // Whatever the post page does with owners, an anonymous visitor changes nothing.
    name: "an anonymous attempt to delete a post",
    path: "/post/the-trail-that-taught-me-patience",
    body: form({ intent: "delete" }),
    status: [401, 403, 405],
    explains:
      /can(?:'|&#x27;)t be changed from here|not allowed|sign in|permission/i,
  },
];

/**
 * Every POST path of the site, each with a request its handler refuses: the
 * spellings below must reach the same refusal (or none), never a 5xx, and
 * never store anything.
 */
const postPaths: Array<{
  path: string;
  headers?: Record<string, string>;
  body: string;
}> = [
  { path: "/contact", body: form({ ...good, name: "" }) },
  { path: "/contact.data", body: form({ ...good, name: "" }) },
  { path: "/sign-in", body: form({ email: "owner@example.org" }) },
  { path: "/sign-in.data", body: form({ email: "owner@example.org" }) },
  {
    path: "/api/auth/sign-in/email",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "nobody@example.org", password: "x" }),
  },
  // The studio: an anonymous post is refused before any action runs.
  { path: "/studio/posts", body: form({ title: "x" }) },
  { path: "/studio/posts.data", body: form({ title: "x" }) },
  {
    path: "/api/auth/sign-out",
    headers: { "content-type": "application/json" },
    body: "{}",
  },
];

/** What only the owner sees: the studio's post records and their editor links. */
const ownerData = /unpublishedChanges|\/studio\/posts\/[0-9a-f]{8}-/;

const hex = (char: string) => char.charCodeAt(0).toString(16).padStart(2, "0");

/** Every encoded and mixed-case spelling of `path` the router could match as it. */
export function spellings(path: string): string[] {
  const found = new Set<string>();
  const letters = [...path].flatMap((char, index) =>
    /[a-z]/i.test(char) ? [index] : [],
  );
  for (const index of letters) {
    const char = path[index] ?? "";
    // One character percent-encoded, in lower- and upper-case hex.
    found.add(`${path.slice(0, index)}%${hex(char)}${path.slice(index + 1)}`);
    found.add(
      `${path.slice(0, index)}%${hex(char).toUpperCase()}${path.slice(index + 1)}`,
    );
    // One character in upper case.
    found.add(
      `${path.slice(0, index)}${char.toUpperCase()}${path.slice(index + 1)}`,
    );
  }
  found.add(path.toUpperCase());
  found.add(
    [...path]
      .map((char, index) => (index % 2 ? char.toUpperCase() : char))
      .join(""),
  );
  found.add(
    [...path].map((char) => (char === "/" ? char : `%${hex(char)}`)).join(""),
  );
  // The first letter encoded, the rest in upper case ('/%43ONTACT').
  found.add(
    `/%${hex(path[1] ?? "").toUpperCase()}${path.slice(2).toUpperCase()}`,
  );
  found.add(`${path}/`);
  found.add(`/${path}`);
  found.add(`/x/..${path}`);
  found.add(`/x/%2e%2E${path}`);
  found.delete(path);
  return [...found];
}

function send(
  url: string,
  request: BadRequest,
  client: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    // The path goes out exactly as written: a URL object would resolve dot
    // segments and read '//contact' as a host.
    const { hostname, port } = new URL(url);
    const body =
      typeof request.body === "string"
        ? Buffer.from(request.body)
        : (request.body ?? Buffer.alloc(0));
    // An empty value in the case leaves that header out.
    const headers = Object.fromEntries(
      Object.entries({
        ...urlencoded,
        "x-forwarded-for": client,
        ...(request.chunked ? {} : { "content-length": String(body.length) }),
        ...request.headers,
      }).filter(([, value]) => value !== ""),
    );
    const outgoing = http.request({
      hostname,
      port,
      path: request.path ?? "/contact",
      method: request.method ?? "POST",
      headers,
    });
    outgoing.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    // The server may answer and close before a large body is written.
    outgoing.on("error", (error) => {
      if (!outgoing.writableEnded) reject(error);
    });
    if (request.chunked) {
      outgoing.write(body.subarray(0, 5));
      outgoing.end(body.subarray(5));
    } else outgoing.end(body);
  });
}

/** A browser's user agent, so a view is counted (not taken for a bot). */
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

export async function badInputDrill() {
  const result = drillResult("bad-input: refused clearly, nothing stored");
  const database = await freshDatabase("bad");
  const instance = await startInstance({
    name: "bad-input",
    port: PORT_BASE + 7,
    databaseUrl: database.url,
  });
  const count = async (table: string) =>
    (
      await database.query<{ n: number }>(
        `select count(*)::int as n from ${table}`,
      )
    )[0]?.n ?? -1;
  const content = await openDatabase({
    databaseUrl: database.url,
    dataDir: "",
  });
  await importContent(content.db, path.resolve("content"));
  await content.close();
  const posts = await count("posts");
  try {
    const rows: string[] = [];
    let index = 0;
    for (const request of cases) {
      const answer = await send(
        instance.url,
        request,
        visitorAddress(50_000 + index++),
      );
      const clear = request.explains.test(answer.text);
      const expected = [request.status].flat();
      const ok = expected.includes(answer.status) && clear;
      rows.push(
        `${ok ? "ok " : "BAD"} ${answer.status}  ${request.name}${clear ? "" : "  (answer does not explain)"}`,
      );
      if (answer.status >= 500)
        result.problem(`${request.name}: answered ${answer.status}`);
      else if (!ok)
        result.problem(
          `${request.name}: answered ${answer.status} (expected ${expected.join(" or ")})${clear ? "" : `, without saying ${request.explains}`}`,
        );
      if ((await count("messages")) !== 0)
        result.problem(`${request.name}: something was stored`);
    }
    console.log(rows.map((row) => `    ${row}`).join("\n"));

    // Every spelling of every POST path: refused (4xx or a redirect to sign
    // in), never a 5xx; no action ran (nothing stored, no studio row), and
    // no answer carries anything of the owner's.
    const spelled: Record<string, number> = {};
    let spellingCount = 0;
    const studioRows = async () =>
      (await count("studio_posts")) + (await count("studio_activity"));
    const studioBefore = await studioRows();
    for (const target of postPaths) {
      for (const spelling of spellings(target.path)) {
        spellingCount += 1;
        const answer = await send(
          instance.url,
          {
            name: spelling,
            path: spelling,
            headers: target.headers,
            body: target.body,
            status: 400,
            explains: /./,
          },
          visitorAddress(100_000 + index++),
        );
        spelled[answer.status] = (spelled[answer.status] ?? 0) + 1;
        // Refused (4xx), or sent to sign in first (the studio's gate): a
        // redirect, or for a data request (`.data`) React Router's encoding
        // of it (202 whose body names the sign-in page). Never run, never a crash.
        const gate =
          (answer.status >= 300 && answer.status < 400) ||
          (answer.status === 202 && answer.text.includes("/sign-in"));
        if (answer.status >= 500 || (answer.status < 400 && !gate))
          result.problem(`POST ${spelling}: answered ${answer.status}`);
        if (ownerData.test(answer.text))
          result.problem(`POST ${spelling}: the answer shows the owner's data`);
      }
      if ((await count("messages")) !== 0)
        result.problem(`a spelling of ${target.path} stored something`);
      if ((await studioRows()) !== studioBefore)
        result.problem(`a spelling of ${target.path} ran a studio action`);
    }
    result.figure(
      "spellings of the POST paths (encoded, mixed case, dot segments, slashes)",
      `${spellingCount} across ${postPaths.length} paths, answered ${Object.entries(
        spelled,
      )
        .map(([status, n]) => `${status}×${n}`)
        .join(" ")}`,
    );

    // One client's 10 posts to /contact use up every spelling's budget too.
    const limitedClient = visitorAddress(110_000);
    for (let n = 0; n < 10; n++)
      await send(
        instance.url,
        {
          name: "fill",
          body: form({ ...good, name: "" }),
          status: 400,
          explains: missing,
        },
        limitedClient,
      );
    const contactSpellings = [
      ...spellings("/contact"),
      ...spellings("/contact.data"),
    ];
    const through: string[] = [];
    for (const spelling of contactSpellings) {
      const answer = await send(
        instance.url,
        {
          name: spelling,
          path: spelling,
          body: form({ ...good, name: "" }),
          status: 429,
          explains: /too many requests/i,
        },
        limitedClient,
      );
      if (answer.status !== 429) through.push(`${spelling} (${answer.status})`);
    }
    result.figure(
      "after 10 posts to /contact, spellings of /contact answered 429",
      `${contactSpellings.length - through.length} of ${contactSpellings.length}`,
    );
    if (through.length)
      result.problem(
        `spellings with a budget of their own: ${through.join(", ")}`,
      );

    // One client's posts to all paths together are capped.
    const roamer = visitorAddress(120_000);
    const roaming: number[] = [];
    for (let n = 0; n < 22; n++)
      roaming.push(
        (
          await send(
            instance.url,
            {
              name: "roam",
              path: `/no-such-form-${n}`,
              body: form(good),
              status: 405,
              explains: /./,
            },
            roamer,
          )
        ).status,
      );
    result.figure("22 posts to 22 paths from one client", roaming.join(" "));
    if (roaming.filter((status) => status === 429).length !== 2)
      result.problem("the 21st and 22nd posts across paths were not refused");

    if ((await count("posts")) !== posts)
      result.problem("an anonymous request changed the posts");
    result.figure("bad requests", cases.length);
    result.figure(
      "answered 4xx with an explanation",
      rows.filter((row) => row.startsWith("ok")).length,
    );

    const caught = await send(
      instance.url,
      {
        name: "honeypot",
        body: form({ ...good, website: "https://spam.example" }),
        status: 200,
        explains: /Message Sent!/,
      },
      visitorAddress(60_000),
    );
    result.figure("honeypot filled: answered", caught.status);
    if (caught.status !== 200 || !caught.text.includes("Message Sent!"))
      result.problem("the honeypot gave itself away");
    if ((await count("messages")) !== 0)
      result.problem("the honeypot submission was stored");

    const flood: number[] = [];
    for (let n = 0; n < 12; n++) {
      flood.push(
        (
          await send(
            instance.url,
            {
              name: "flood",
              body: form({ ...good, name: "" }),
              status: 400,
              explains: missing,
            },
            visitorAddress(70_000),
          )
        ).status,
      );
    }
    result.figure("12 posts from one client", flood.join(" "));
    if (flood.filter((status) => status === 429).length !== 2)
      result.problem("the 11th and 12th posts were not refused with 429");

    // A NUL in the path once failed the limiter's write, which let every
    // post through: now the path is cleaned, and the limit holds.
    const nul: number[] = [];
    for (let n = 0; n < 12; n++) {
      const answer = await fetch(`${instance.url}/post/a%00`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": visitorAddress(71_000),
        },
        body: "name=x",
      });
      await answer.arrayBuffer();
      nul.push(answer.status);
    }
    result.figure("12 posts to /post/a%00 from one client", nul.join(" "));
    if (nul.filter((status) => status === 429).length !== 2)
      result.problem("posts with a NUL in the path were not rate limited");

    // A NUL in a view's campaign once stopped all reader counting: the view
    // is cleaned, and the views after it are stored.
    const viewsBefore = await count("reader_views");
    for (const query of ["utm_source=x%00y", "utm_campaign=%0D%0Aautumn", ""]) {
      const view = await fetch(`${instance.url}/about?${query}`, {
        headers: {
          "user-agent": BROWSER,
          "x-forwarded-for": visitorAddress(72_000),
        },
      });
      await view.arrayBuffer();
    }
    let viewsStored = 0;
    for (let tries = 0; tries < 50 && viewsStored < 3; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      viewsStored = (await count("reader_views")) - viewsBefore;
    }
    result.figure(
      "views with a NUL or CR/LF in the query, stored",
      viewsStored,
    );
    if (viewsStored !== 3)
      result.problem("views with control characters were not all stored");

    // Text that merely looks like SQL is a message like any other, kept verbatim.
    const sql =
      "Loved the talk; SELECT * FROM mentors WHERE patient = 'yes'; -- kidding";
    const control = await send(
      instance.url,
      {
        name: "control",
        body: form({ ...good, message: sql }),
        status: 200,
        explains: /Message Sent!/,
      },
      visitorAddress(80_000),
    );
    const stored = await database.query<{ message: string }>(
      "select message from messages",
    );
    result.figure(
      "control message with SQL-like text: answered",
      control.status,
    );
    if (
      control.status !== 200 ||
      stored[0]?.message !== sql ||
      stored.length !== 1
    )
      result.problem("the control message was not stored verbatim");

    // Behind a TLS proxy (TRUST_PROXY), the public https origin is the page's own.
    const proxied = await send(
      instance.url,
      {
        name: "proxied",
        headers: {
          origin: "https://jordanavery.example",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "jordanavery.example",
        },
        body: form(good),
        status: 200,
        explains: /Message Sent!/,
      },
      visitorAddress(90_000),
    );
    result.figure(
      "post from the public https origin through a TLS proxy: answered",
      proxied.status,
    );
    if (proxied.status !== 200 || !proxied.text.includes("Message Sent!"))
      result.problem("a same-origin post through the TLS proxy was refused");
    result.figure("messages stored in the end", await count("messages"));
    result.figure("mails queued in the end", await count("mail_outbox"));
  } finally {
    await instance.stop();
    await database.drop();
  }
  return result;
}
