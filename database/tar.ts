// The content archive's .tar.gz (docs/decisions/028-streaming-archive.md):
// tar through modern-tar (a maintained, dependency-free streaming tar), gzip
// through node:zlib's streams, which inflate on libuv's thread pool a chunk at
// a time. Reading is bounded as it goes: a running total of expanded bytes and
// of entries stops an archive the moment it passes its limits, so a small
// upload that inflates to gigabytes neither holds the event loop nor memory.
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { createGunzip, gzip } from "node:zlib";

import { createTarDecoder, packTar } from "modern-tar";

export interface ArchiveFile {
  /** A relative path with forward slashes: "posts/first-light.md". */
  path: string;
  data: Uint8Array;
}

/** How much an archive may hold once expanded; the caller derives them from its upload limit. */
export interface ArchiveLimits {
  /** Expanded bytes: the tar stream itself, headers and padding included. */
  maxBytes: number;
  /** Entries of any kind (files, folders, links). */
  maxEntries: number;
}

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

const gzipAsync = promisify(gzip);

/** "400 MB": limits as the owner reads them. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** Refuses absolute paths and ".." anywhere: an archive names files inside itself only. */
function checkPath(path: string) {
  if (
    path === "" ||
    path.startsWith("/") ||
    path.includes("\\") ||
    path.includes("\0") ||
    path.split("/").some((part) => part === "..")
  )
    throw new ArchiveError(
      `The archive names a file outside itself: "${path}".`,
    );
}

/** The files as a .tar.gz (POSIX ustar, pax names for long paths), gzip off the event loop. */
export async function writeTarGz(
  files: ReadonlyArray<ArchiveFile>,
  mtime = new Date(),
): Promise<Buffer> {
  for (const file of files) checkPath(file.path);
  const tar = await packTar(
    files.map((file) => ({
      header: {
        name: file.path,
        size: file.data.length,
        type: "file" as const,
        mode: 0o644,
        mtime,
      },
      body: file.data,
    })),
  );
  return gzipAsync(tar);
}

/** Buffers or streams, as a Node stream of chunks. */
function chunks(source: Uint8Array | ReadableStream<Uint8Array>): Readable {
  return source instanceof Uint8Array
    ? Readable.from([source])
    : Readable.fromWeb(source as Parameters<typeof Readable.fromWeb>[0]);
}

/** The bytes of the tar: gunzipped when they start with gzip's magic, as they are otherwise. */
async function* tarBytes(source: Readable): AsyncGenerator<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await iterator.next();
  if (first.done) return;
  const head: Buffer = first.value;
  const rest = Readable.from(
    (async function* () {
      yield head;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    yield* rest;
    return;
  }
  const gunzip = createGunzip();
  rest.on("error", (error) => gunzip.destroy(error));
  try {
    for await (const chunk of rest.pipe(gunzip)) yield chunk as Buffer;
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    throw new ArchiveError("The file is not a readable .tar.gz archive.");
  } finally {
    gunzip.destroy();
    rest.destroy();
  }
}

/** modern-tar's words for a damaged archive, as the owner should read them. */
function tarProblem(error: unknown): ArchiveError {
  if (error instanceof ArchiveError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/truncated/i.test(message))
    return new ArchiveError("The archive is cut short.");
  if (/checksum/i.test(message))
    return new ArchiveError(
      "The archive is damaged (a header checksum is wrong).",
    );
  return new ArchiveError(`The file is not a tar archive (${message}).`);
}

/**
 * The regular files of a .tar.gz (or a plain .tar), in archive order, read as
 * a stream and refused as soon as it passes `limits` or names a file twice.
 */
export async function readTarGz(
  source: Uint8Array | ReadableStream<Uint8Array>,
  limits: ArchiveLimits,
): Promise<ArchiveFile[]> {
  const input = chunks(source);
  const decoder = createTarDecoder({ strict: true });
  const writer = decoder.writable.getWriter();
  // Its failure is this function's to report, not an unhandled rejection.
  writer.closed.catch(() => undefined);
  const tooLarge = () =>
    new ArchiveError(
      `The archive expands to more than ${megabytes(limits.maxBytes)}, the most an archive may hold; nothing was read from it.`,
    );
  let failure: ArchiveError | undefined;
  const fail = (error: unknown) => {
    failure ??= tarProblem(error);
    return failure;
  };

  // The expanded bytes go to the tar decoder as they come, counted first.
  const pump = (async () => {
    let expanded = 0;
    try {
      for await (const chunk of tarBytes(input)) {
        expanded += chunk.length;
        if (expanded > limits.maxBytes) throw tooLarge();
        await writer.write(chunk);
      }
      await writer.close();
    } catch (error) {
      await writer.abort(fail(error)).catch(() => undefined);
    } finally {
      input.destroy();
    }
  })();

  const files: ArchiveFile[] = [];
  const seen = new Set<string>();
  let entries = 0;
  let declared = 0;
  try {
    for await (const entry of decoder.readable) {
      const { header } = entry;
      const path = header.name.replace(/^\.\//, "");
      entries += 1;
      if (entries > limits.maxEntries)
        throw new ArchiveError(
          `The archive holds more than ${limits.maxEntries.toLocaleString("en-US")} entries, the most an archive may hold; nothing was read from it.`,
        );
      declared += header.size;
      if (declared > limits.maxBytes) throw tooLarge();
      if (header.type !== "file") {
        await entry.body.cancel();
        continue; // directories, links, ...
      }
      checkPath(path);
      if (seen.has(path))
        throw new ArchiveError(
          `The archive holds "${path}" twice; an archive names each file once.`,
        );
      seen.add(path);
      const data = new Uint8Array(header.size);
      let filled = 0;
      for await (const part of entry.body) {
        data.set(part, filled);
        filled += part.length;
      }
      files.push({ path, data });
    }
  } catch (error) {
    fail(error);
  } finally {
    if (failure) {
      input.destroy();
      await decoder.readable.cancel(failure).catch(() => undefined);
    }
    await pump;
  }
  if (failure) throw failure;
  return files;
}
