// One thread of precompressDir's pool (scripts/lib/precompress.ts): compresses
// each file it is sent and answers with the sizes or the error. Only threads
// load zopfli: its WebAssembly runtime takes over the process's
// unhandledRejection handling wherever it is imported.
import { readFile, writeFile } from "node:fs/promises";
import { parentPort } from "node:worker_threads";
import { brotliCompressSync, constants } from "node:zlib";

import { gzipAsync } from "@gfx/zopfli";

import type { Compressed, WorkerReply } from "./precompress.ts";

/** A sibling that saves less than a tenth is not worth a second file. */
const worthwhile = 0.9;

async function compressFile(file: string): Promise<Compressed> {
  const data = await readFile(file);
  const result: Compressed = { file, bytes: data.length };
  // Block splitting is slow in this WebAssembly build even on a small file
  // and saves small files only bytes: without it below 16 KB the build
  // compresses several times faster for a few bytes more on a first load.
  const gzip = await gzipAsync(data, { blocksplitting: data.length >= 16384 });
  if (gzip.length <= data.length * worthwhile) {
    await writeFile(`${file}.gz`, gzip);
    result.gzip = gzip.length;
  }
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  if (br.length <= data.length * worthwhile) {
    await writeFile(`${file}.br`, br);
    result.br = br.length;
  }
  return result;
}

const port = parentPort;
if (!port) throw new Error("precompress-worker.ts runs as a worker thread");
port.on("message", (file: string) => {
  compressFile(file).then(
    (result): void => port.postMessage({ result } satisfies WorkerReply),
    (error: unknown): void =>
      port.postMessage({ error: String(error) } satisfies WorkerReply),
  );
});
