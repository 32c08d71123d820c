import { execFileSync } from "node:child_process";
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { ArchiveError, readTarGz, writeTarGz } from "./tar";

const MiB = 1024 * 1024;
/** The studio's limits are the app's (app/studio/archive.ts); these are of the same order. */
const limits = { maxBytes: 400 * MiB, maxEntries: 1000 };

const longPath = `content/media/${"a".repeat(90)}/${"b".repeat(60)}.webp`;
const files = [
  {
    path: "content/posts/first.md",
    data: new TextEncoder().encode("---\ntitle: Ünïcode\n---\n\nHi\n"),
  },
  { path: "content/empty.yaml", data: new Uint8Array() },
  {
    path: longPath,
    data: new Uint8Array(Array.from({ length: 1500 }, (_, i) => i % 256)),
  },
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "tar-test-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the content archive's tar.gz", () => {
  test("what it writes reads back byte for byte", async () => {
    const read = await readTarGz(await writeTarGz(files), limits);
    expect(read.map((file) => file.path)).toEqual(
      files.map((file) => file.path),
    );
    read.forEach((file, index) =>
      expect(
        Buffer.from(file.data).equals(Buffer.from(files[index]?.data ?? [])),
      ).toBe(true),
    );
  });

  test("the system's tar extracts it, and what tar writes reads back", async () => {
    const archive = path.join(dir, "out.tar.gz");
    await writeFile(archive, await writeTarGz(files));
    const listed = execFileSync("tar", ["-tzf", archive], { encoding: "utf8" });
    expect(listed.trim().split("\n")).toEqual(files.map((file) => file.path));

    const source = path.join(dir, "source");
    await mkdir(path.join(source, "content", "posts"), { recursive: true });
    await writeFile(path.join(source, "content", "posts", "first.md"), "Hello");
    for (const format of ["gnu", "pax", "ustar"]) {
      const out = path.join(dir, `in-${format}.tar.gz`);
      execFileSync("tar", [
        `--format=${format}`,
        "-czf",
        out,
        "-C",
        source,
        "content",
      ]);
      const read = await readTarGz(await readFile(out), limits);
      expect(
        read.map((file) => [file.path, Buffer.from(file.data).toString()]),
      ).toEqual([["content/posts/first.md", "Hello"]]);
    }
  });

  test("paths leaving the archive, and files that are no archive, are refused", async () => {
    await expect(
      writeTarGz([{ path: "../evil", data: new Uint8Array() }]),
    ).rejects.toThrow(ArchiveError);
    const evil = gzipSync(tarHeader("content/../../evil", 0));
    await expect(readTarGz(evil, limits)).rejects.toThrow(/outside itself/);
    await expect(
      readTarGz(
        gzipSync(Buffer.from("not a tar file at all".repeat(40))),
        limits,
      ),
    ).rejects.toThrow(ArchiveError);
    await expect(
      readTarGz(Buffer.from([0x1f, 0x8b, 1, 2, 3]), limits),
    ).rejects.toThrow(/not a readable/);
    const whole = gunzipSync(await writeTarGz(files));
    await expect(
      readTarGz(gzipSync(whole.subarray(0, 1200)), limits),
    ).rejects.toThrow(/cut short/);
  });

  test("an archive naming a file twice is refused, naming it", async () => {
    const twice = await writeTarGz([
      { path: "content/posts/a.md", data: new TextEncoder().encode("one") },
      { path: "content/about.yaml", data: new Uint8Array() },
      { path: "content/posts/a.md", data: new TextEncoder().encode("two") },
    ]);
    await expect(readTarGz(twice, limits)).rejects.toThrow(
      'The archive holds "content/posts/a.md" twice',
    );
  });

  test("more entries than the limit are refused", async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      path: `content/media/${i}.webp`,
      data: new Uint8Array(),
    }));
    await expect(
      readTarGz(await writeTarGz(many), { ...limits, maxEntries: 10 }),
    ).rejects.toThrow("more than 10 entries");
  });

  test("a gzip bomb is refused as it expands, in bounded memory, while other requests are answered", async () => {
    // One MiB of zeros compresses to about a kilobyte; gzip members may be
    // concatenated, so 1,024 of them make a 1 MB file that expands to 1 GiB.
    const member = gzipSync(Buffer.alloc(MiB));
    const zeros = Buffer.concat(Array.from({ length: 1024 }, () => member));
    // The same behind a header that claims a 1 GiB file.
    const claimed = Buffer.concat([
      gzipSync(tarHeader("content/media/big.webp", 1024 * MiB)),
      zeros,
    ]);
    const server = createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) =>
      server.listen(0, "127.0.0.1", resolve),
    );
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      for (const bomb of [zeros, claimed]) {
        const before = process.memoryUsage().rss;
        let settled = false;
        const reading = readTarGz(bomb, limits).then(
          () => undefined,
          (error: unknown) => error,
        );
        void reading.finally(() => {
          settled = true;
        });
        // Requests are answered while the archive is read, not after.
        let answered = 0;
        while (!settled && answered < 20) {
          expect(await (await fetch(url)).text()).toBe("ok");
          answered += 1;
        }
        const refusal = await reading;
        const peak = process.memoryUsage().rss;
        expect(refusal).toBeInstanceOf(ArchiveError);
        expect((refusal as Error).message).toBe(
          "The archive expands to more than 400 MB, the most an archive may hold; nothing was read from it.",
        );
        expect(answered).toBeGreaterThan(0);
        // Far below what the archive expands to: nothing of it was kept.
        expect(peak - before).toBeLessThan(200 * MiB);
      }
    } finally {
      server.close();
    }
  });
});

/** A tar header for a file `name` of `size` bytes, whatever they are (as a hostile archive would). */
function tarHeader(name: string, size: number): Buffer {
  const tar = Buffer.alloc(512 * 3);
  tar.write(name, 0);
  tar.write("0000644\0", 100);
  tar.write(`${size.toString(8).padStart(11, "0")}\0`, 124);
  tar.write("00000000000\0", 136);
  tar[156] = 0x30;
  tar.write("ustar\0", 257);
  tar.write("00", 263);
  tar.fill(0x20, 148, 156);
  const sum = tar.subarray(0, 512).reduce((total, byte) => total + byte, 0);
  tar.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return size === 0 ? tar : tar.subarray(0, 512);
}
