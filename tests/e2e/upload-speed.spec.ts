// Large bodies on slow uplinks (decision 027): a 20 MB photo sent at
// 2 Mbit/s (about 80 s) to the real server through a real HTTP request is
// stored, while a body that stops arriving is cut off within seconds. The
// body is paced by this test, as a slow uplink would send it; nothing here
// is timed.
import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";

import { expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import sharp from "sharp";

import { MEDIA_MAX_BYTES, MEDIA_UPLOAD_PATH } from "~/studio/media/limits";

import { serverUrl } from "../../playwright.config";
import { signInAsOwner, visitorAddress } from "./support/auth";

const base = serverUrl("mutable");
/** 2 Mbit/s, an ordinary mobile uplink. */
const UPLINK_BYTES_PER_SECOND = 250_000;

/**
 * A JPEG of `bytes` bytes: a small picture carrying comment segments (random,
 * so each run's file is new to the library). The size is what the transfer
 * is about; the pixels stay few, so the machine is not busy encoding.
 */
async function jpegOfSize(bytes: number): Promise<Buffer> {
  const picture = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: "#2f6f4f" },
  })
    .jpeg()
    .toBuffer();
  const segments: Buffer[] = [];
  let left = bytes - picture.length;
  while (left > 0) {
    const data = Math.min(65_533, left - 4);
    const header = Buffer.from([
      0xff,
      0xfe,
      (data + 2) >> 8,
      (data + 2) & 0xff,
    ]);
    segments.push(header, randomBytes(Math.max(0, data)));
    left -= 4 + Math.max(0, data);
  }
  return Buffer.concat([
    picture.subarray(0, 2),
    ...segments,
    picture.subarray(2),
  ]);
}

function multipart(file: Buffer, name: string) {
  const boundary = `----upload${randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * POSTs `body` at `bytesPerSecond`, stopping after `stopAfter` bytes (a
 * client that stops sending); resolves with the answer.
 */
function sendPaced(
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  bytesPerSecond: number,
  stopAfter = body.length,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let sent = 0;
    const request = httpRequest(
      `${base}${path}`,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(body.length) },
      },
      (response) => {
        clearInterval(timer);
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    request.on("error", reject);
    // Each tenth of a second, what the uplink would have carried by then.
    const timer = setInterval(() => {
      const due = Math.min(
        stopAfter,
        Math.floor(((Date.now() - started) / 1000) * bytesPerSecond),
      );
      if (due > sent) {
        request.write(body.subarray(sent, due));
        sent = due;
      }
      if (sent >= body.length) {
        clearInterval(timer);
        request.end();
      }
    }, 100);
  });
}

async function ownerHeaders(page: Page) {
  await signInAsOwner(page, base);
  const cookies = await page.context().cookies(base);
  return {
    cookie: cookies.map(({ name, value }) => `${name}=${value}`).join("; "),
    accept: "application/json",
    "x-forwarded-for": visitorAddress(),
  };
}

test("a 20 MB photo sent at 2 Mbit/s is stored", async ({ page }) => {
  // About 80 s of sending, by design (issue 25).
  test.setTimeout(240_000);
  const headers = await ownerHeaders(page);
  const photo = await jpegOfSize(20_000_000);
  expect(photo.length).toBeLessThanOrEqual(MEDIA_MAX_BYTES);
  const { body, type } = multipart(photo, "summit-panorama.jpg");
  const answer = await sendPaced(
    MEDIA_UPLOAD_PATH,
    { ...headers, "content-type": type },
    body,
    UPLINK_BYTES_PER_SECOND,
  );
  expect(answer.status, answer.text).toBe(201);
  expect(JSON.parse(answer.text)).toMatchObject({
    ok: true,
    image: { width: 1200, height: 800 },
  });
});

test("an upload that stops arriving is answered 408 within seconds, not held open", async ({
  page,
}) => {
  const headers = await ownerHeaders(page);
  const { body, type } = multipart(await jpegOfSize(5_000_000), "stalled.jpg");
  const answer = await sendPaced(
    MEDIA_UPLOAD_PATH,
    { ...headers, "content-type": type },
    body,
    UPLINK_BYTES_PER_SECOND,
    500_000,
  );
  expect(answer.status).toBe(408);
  expect(answer.text).toContain("stopped arriving");
});
