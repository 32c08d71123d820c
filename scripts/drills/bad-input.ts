// Drill 5: a table of bad requests. Every one must be answered 4xx with a
// clear explanation, never 5xx, and store nothing.
import http from "node:http";
import path from "node:path";

import { openDatabase } from "~database/client";
import { importContent } from "~database/seed";

import {
  PORT_BASE,
  drillResult,
  freshDatabase,
  startInstance,
  visitorAddress,
} from "./support";

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

function send(
  url: string,
  request: BadRequest,
  client: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(request.path ?? "/contact", url);
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
    const outgoing = http.request(target, {
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
