import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";

import { afterAll, beforeAll, expect, test } from "vitest";

import { precompressDir } from "./precompress";
import type { Compressed } from "./precompress";

// Deterministic text that compresses well, as built JavaScript does.
const script = Buffer.from(
  Array.from(
    { length: 400 },
    (_, i) =>
      `export function handler${i}(event) { return event.value * ${i % 7} + "${(i * 7919) % 1000}"; }\n`,
  ).join(""),
);
const files: Record<string, Buffer> = {
  "assets/app.js": script,
  "assets/app.css": Buffer.from(".card { padding: 1rem; }\n".repeat(300)),
  "favicon.svg": Buffer.from(
    `<svg>${"<path d='M0 0h24v24'/>".repeat(50)}</svg>`,
  ),
  "assets/noise.js": randomBytes(4096),
  "icon.png": Buffer.from(script),
  ".vite/manifest.json": Buffer.from(
    JSON.stringify({ script: String(script) }),
  ),
};

let dir: string;
let results: Compressed[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "precompress-"));
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), data);
  }
  results = await precompressDir(dir, 2);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string) => path.join(dir, name);

test("text files get .gz and .br siblings that decompress to the original", () => {
  for (const name of ["assets/app.js", "assets/app.css", "favicon.svg"]) {
    const original = readFileSync(file(name));
    const gz = readFileSync(file(`${name}.gz`));
    const br = readFileSync(file(`${name}.br`));
    expect(gunzipSync(gz).equals(original), name).toBe(true);
    expect(brotliDecompressSync(br).equals(original), name).toBe(true);
    expect(results.find((result) => result.file === file(name))).toEqual({
      file: file(name),
      bytes: original.length,
      gzip: gz.length,
      br: br.length,
    });
  }
});

test("gzip is zopfli's, smaller than zlib's best, and brotli smaller still", () => {
  const gz = readFileSync(file("assets/app.js.gz"));
  const br = readFileSync(file("assets/app.js.br"));
  expect(gz.length).toBeLessThan(gzipSync(script, { level: 9 }).length);
  expect(br.length).toBeLessThan(gz.length);
});

test("no sibling where compression does not pay, for images, or for dot files", () => {
  for (const name of ["assets/noise.js", "icon.png", ".vite/manifest.json"]) {
    expect(existsSync(file(`${name}.gz`)), name).toBe(false);
    expect(existsSync(file(`${name}.br`)), name).toBe(false);
  }
  expect(results.map((result) => path.relative(dir, result.file))).toEqual([
    "assets/app.css",
    "assets/app.js",
    "assets/noise.js",
    "favicon.svg",
  ]);
});
