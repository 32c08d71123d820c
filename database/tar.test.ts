import { execFileSync } from "node:child_process";
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { ArchiveError, readTarGz, writeTarGz } from "./tar";

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
  test("what it writes reads back byte for byte", () => {
    const read = readTarGz(writeTarGz(files));
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
    await writeFile(archive, writeTarGz(files));
    const listed = execFileSync("tar", ["-tzf", archive], { encoding: "utf8" });
    expect(listed.trim().split("\n")).toEqual(files.map((file) => file.path));

    const source = path.join(dir, "source");
    await mkdir(path.join(source, "content", "posts"), { recursive: true });
    await writeFile(path.join(source, "content", "posts", "first.md"), "Hello");
    execFileSync("tar", [
      "-czf",
      path.join(dir, "in.tar.gz"),
      "-C",
      source,
      "content",
    ]);
    const read = readTarGz(await readFile(path.join(dir, "in.tar.gz")));
    expect(
      read.map((file) => [file.path, Buffer.from(file.data).toString()]),
    ).toEqual([["content/posts/first.md", "Hello"]]);
  });

  test("paths leaving the archive, and files that are no archive, are refused", () => {
    expect(() =>
      writeTarGz([{ path: "../evil", data: new Uint8Array() }]),
    ).toThrow(ArchiveError);
    const evil = Buffer.from(
      gzipSync(writeTarGzUnchecked("content/../../evil")),
    );
    expect(() => readTarGz(evil)).toThrow(/outside itself/);
    expect(() =>
      readTarGz(gzipSync(Buffer.from("not a tar file at all".repeat(40)))),
    ).toThrow(ArchiveError);
    expect(() => readTarGz(Buffer.from([0x1f, 0x8b, 1, 2, 3]))).toThrow(
      /not a readable/,
    );
  });
});

/** A tar whose one file is named `name`, whatever it is (as a hostile archive would). */
function writeTarGzUnchecked(name: string): Buffer {
  const tar = Buffer.from(
    readTarGzRaw(writeTarGz([{ path: "x", data: new Uint8Array() }])),
  );
  tar.fill(0, 0, 100);
  tar.write(name, 0);
  tar.fill(0x20, 148, 156);
  const sum = tar.subarray(0, 512).reduce((total, byte) => total + byte, 0);
  tar.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148);
  return tar;
}

function readTarGzRaw(archive: Buffer): Buffer {
  return gunzipSync(archive);
}
