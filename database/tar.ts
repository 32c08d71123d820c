// A small gzip-compressed tar (POSIX ustar) writer and reader for the content
// archive (docs/decisions/023-content-archive.md): regular files only, which
// is all an export holds. Any tar tool opens what this writes; the reader
// takes what such tools write back (directories, pax and GNU long names) and
// refuses a path that would leave the archive's folder.
import { gunzipSync, gzipSync } from "node:zlib";

export interface ArchiveFile {
  /** A relative path with forward slashes: "posts/first-light.md". */
  path: string;
  data: Uint8Array;
}

const BLOCK = 512;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

function writeString(
  header: Uint8Array,
  offset: number,
  length: number,
  value: string,
) {
  const bytes = encoder.encode(value);
  if (bytes.length > length) throw new ArchiveError(`"${value}" is too long`);
  header.set(bytes, offset);
}

function writeOctal(
  header: Uint8Array,
  offset: number,
  length: number,
  value: number,
) {
  writeString(
    header,
    offset,
    length,
    `${value.toString(8).padStart(length - 1, "0")}\0`,
  );
}

/** ustar keeps a long path as prefix (155 bytes) + "/" + name (100 bytes). */
function splitPath(path: string): { prefix: string; name: string } {
  if (encoder.encode(path).length <= 100) return { prefix: "", name: path };
  for (let cut = path.lastIndexOf("/"); cut > 0;) {
    const prefix = path.slice(0, cut);
    const name = path.slice(cut + 1);
    if (
      encoder.encode(prefix).length <= 155 &&
      encoder.encode(name).length <= 100
    )
      return { prefix, name };
    cut = path.lastIndexOf("/", cut - 1);
  }
  throw new ArchiveError(`The path "${path}" is too long for the archive.`);
}

function header(file: ArchiveFile, mtime: number): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const { prefix, name } = splitPath(file.path);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, file.data.length);
  writeOctal(block, 136, 12, mtime);
  block.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  block[156] = 0x30; // '0': a regular file
  writeString(block, 257, 6, "ustar\0");
  writeString(block, 263, 2, "00");
  writeString(block, 345, 155, prefix);
  const sum = block.reduce((total, byte) => total + byte, 0);
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return block;
}

/** The files as a .tar.gz. */
export function writeTarGz(
  files: ReadonlyArray<ArchiveFile>,
  mtime = new Date(),
): Buffer {
  const seconds = Math.floor(mtime.getTime() / 1000);
  const parts: Uint8Array[] = [];
  for (const file of files) {
    checkPath(file.path);
    parts.push(header(file, seconds), file.data);
    const padding = (BLOCK - (file.data.length % BLOCK)) % BLOCK;
    if (padding) parts.push(new Uint8Array(padding));
  }
  parts.push(new Uint8Array(BLOCK * 2));
  return gzipSync(Buffer.concat(parts));
}

function readString(block: Uint8Array, offset: number, length: number) {
  const bytes = block.subarray(offset, offset + length);
  const end = bytes.indexOf(0);
  return decoder.decode(end === -1 ? bytes : bytes.subarray(0, end));
}

function readOctal(block: Uint8Array, offset: number, length: number) {
  const text = readString(block, offset, length).trim();
  const value = text ? Number.parseInt(text, 8) : 0;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new ArchiveError(
      "The archive is damaged (a bad number in a header).",
    );
  return value;
}

/** A pax extended header's "path" record, if it has one. */
function paxPath(data: Uint8Array): string | undefined {
  const text = decoder.decode(data);
  for (const line of text.split("\n")) {
    const match = /^\d+ path=(.*)$/.exec(line);
    if (match) return match[1];
  }
  return undefined;
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

/** The regular files of a .tar.gz (or a plain .tar), in archive order. */
export function readTarGz(archive: Uint8Array): ArchiveFile[] {
  let tar: Uint8Array;
  try {
    tar =
      archive[0] === 0x1f && archive[1] === 0x8b
        ? gunzipSync(archive)
        : archive;
  } catch {
    throw new ArchiveError("The file is not a readable .tar.gz archive.");
  }
  if (tar.length < BLOCK)
    throw new ArchiveError("The file is not a tar archive.");
  const files: ArchiveFile[] = [];
  let longName: string | undefined;
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const block = tar.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    if (readString(block, 257, 5) !== "ustar")
      throw new ArchiveError("The file is not a tar archive.");
    const stored = readOctal(block, 148, 8);
    const sum =
      block.reduce((total, byte) => total + byte, 0) -
      block.subarray(148, 156).reduce((total, byte) => total + byte, 0) +
      8 * 0x20;
    if (stored !== sum)
      throw new ArchiveError(
        "The archive is damaged (a header checksum is wrong).",
      );
    const size = readOctal(block, 124, 12);
    const type = String.fromCharCode(block[156] ?? 0);
    const start = offset + BLOCK;
    if (start + size > tar.length)
      throw new ArchiveError("The archive is cut short.");
    const data = tar.slice(start, start + size);
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
    if (type === "x") {
      longName = paxPath(data) ?? longName;
      continue;
    }
    if (type === "L") {
      longName = readString(data, 0, data.length);
      continue;
    }
    const prefix = readString(block, 345, 155);
    const name = readString(block, 0, 100);
    const path = (longName ?? (prefix ? `${prefix}/${name}` : name)).replace(
      /^\.\//,
      "",
    );
    longName = undefined;
    if (type !== "0" && type !== "\0") continue; // directories, links, ...
    checkPath(path);
    files.push({ path, data });
  }
  return files;
}
