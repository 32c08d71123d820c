// Writes X.gz and X.br next to every compressible file of the client build,
// so the server sends files compressed once at the highest levels instead of
// compressing each response on the fly at a fast one (server/precompressed.ts;
// docs/decisions/011-precompressed-assets.md).
import { readdir, stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";

import type { Plugin } from "vite";

/** Text formats; images (PNG) and fonts are compressed already. */
export const compressible =
  /\.(?:js|mjs|css|svg|json|webmanifest|xml|txt|ico)$/;

export interface Compressed {
  file: string;
  bytes: number;
  /** Size of the .gz sibling; absent when none was written. */
  gzip?: number;
  /** Size of the .br sibling; absent when none was written. */
  br?: number;
}

export type WorkerReply = { result: Compressed } | { error: string };

/**
 * Writes X.gz (zopfli) and X.br (brotli 11) next to every compressible file
 * under `dir` where they save at least a tenth, on a pool of worker threads
 * (scripts/lib/precompress-worker.ts): zopfli runs synchronously in
 * WebAssembly (seconds for this site on one core), so only threads put
 * the other cores to work.
 */
export async function precompressDir(
  dir: string,
  threads = availableParallelism(),
): Promise<Compressed[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile() && compressible.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      // Dot files are not served.
      .filter(
        (file) =>
          !path
            .relative(dir, file)
            .split(path.sep)
            .some((part) => part.startsWith(".")),
      )
      .map(async (file) => ({ file, size: (await stat(file)).size })),
  );
  // Largest first, so no thread is left with a big file at the end.
  const queue = files.sort((a, b) => b.size - a.size).map(({ file }) => file);
  const results: Compressed[] = [];
  const workerUrl = new URL("./precompress-worker.ts", import.meta.url);
  await Promise.all(
    Array.from(
      { length: Math.max(1, Math.min(threads, queue.length)) },
      async () => {
        const worker = new Worker(workerUrl);
        try {
          for (let file = queue.shift(); file; file = queue.shift()) {
            results.push(await inWorker(worker, file));
          }
        } finally {
          await worker.terminate();
        }
      },
    ),
  );
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

function inWorker(worker: Worker, file: string): Promise<Compressed> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    worker.once("error", onError);
    worker.once("message", (reply: WorkerReply) => {
      worker.off("error", onError);
      if ("result" in reply) resolve(reply.result);
      else reject(new Error(`precompressing ${file}: ${reply.error}`));
    });
    worker.postMessage(file);
  });
}

/**
 * The Vite plugin: precompresses the client build once the whole app is
 * built, not when the client bundle is written: React Router writes the
 * browser manifest (assets/manifest-*.js, on every first load) and moves
 * server-only assets into the client directory while building the server.
 */
export function precompress(): Plugin {
  return {
    name: "precompress",
    apply: "build",
    buildApp: {
      order: "post",
      async handler(builder) {
        const client = builder.environments.client;
        if (!client) return;
        const dir = path.resolve(
          builder.config.root,
          client.config.build.outDir,
        );
        const started = performance.now();
        const results = await precompressDir(dir);
        const written = results.filter((result) => result.gzip ?? result.br);
        const total = (key: "bytes" | "gzip" | "br") =>
          written.reduce((sum, result) => sum + (result[key] ?? 0), 0);
        const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
        builder.config.logger.info(
          `precompressed ${written.length} of ${results.length} files ` +
            `(${kb(total("bytes"))}) to ${kb(total("gzip"))} gzip and ` +
            `${kb(total("br"))} brotli in ` +
            `${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      },
    },
  };
}
