// Every fetch the social web makes of another server (actors, keys, media)
// goes through here: a timeout, a size limit, and no private or loopback
// address unless FEDIVERSE_PRIVATE_PEERS lists its host:port (a test rig,
// an intranet). Redirects are followed by hand, each hop checked again.
// The address check resolves the name before the fetch; a name that
// resolves differently a moment later (DNS rebinding) is the remaining gap,
// named in docs/SECURITY.md.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";

import {
  getAuthenticatedDocumentLoader,
  getRemoteDocument,
  isValidPublicIPv4Address,
  isValidPublicIPv6Address,
  kvCache,
  preloadedContexts,
} from "@fedify/fedify";
import type {
  AuthenticatedDocumentLoaderFactory,
  DocumentLoader,
  DocumentLoaderFactory,
  KvStore,
  RemoteDocument,
} from "@fedify/fedify";

export interface FetchLimits {
  /** host:port peers allowed although private or loopback. */
  privatePeers: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  userAgent?: string;
}

export const FETCH_TIMEOUT_MS = 10_000;
/** An actor or a note is a few kilobytes; an avatar fetch passes its own limit. */
export const DOCUMENT_MAX_BYTES = 1_000_000;
const MAX_REDIRECTS = 3;

export class RefusedAddressError extends Error {
  override name = "RefusedAddressError";
}

/** "host:port" as FEDIVERSE_PRIVATE_PEERS names it, the default port filled in. */
export function peerOf(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.hostname.toLowerCase()}:${port}`;
}

function isPublicAddress(address: string): boolean {
  return isIP(address) === 6
    ? isValidPublicIPv6Address(address)
    : isValidPublicIPv4Address(address);
}

/** Throws RefusedAddressError unless the address may be fetched. */
export async function checkAddress(
  address: string | URL,
  privatePeers: readonly string[],
): Promise<URL> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new RefusedAddressError(`not an address: ${String(address)}`);
  }
  if (privatePeers.includes(peerOf(url))) return url;
  if (url.protocol !== "https:")
    throw new RefusedAddressError(`only https:// is fetched: ${url.href}`);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true })).map((found) => found.address);
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    throw new RefusedAddressError(
      `a private or loopback address is not fetched: ${url.host}`,
    );
  return url;
}

async function readLimited(
  response: Response,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > maxBytes)
    throw new RefusedAddressError(`response over ${maxBytes} bytes`);
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body) {
    for await (const chunk of response.body) {
      total += chunk.byteLength;
      if (total > maxBytes) {
        await response.body.cancel().catch(() => undefined);
        throw new RefusedAddressError(`response over ${maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * fetch() with the checks above; the answer's body is read whole (within
 * the limit) before it is returned, so the timeout covers it too.
 */
export async function safeFetch(
  address: string | URL,
  init: RequestInit,
  limits: FetchLimits,
): Promise<Response> {
  const signal = AbortSignal.any([
    AbortSignal.timeout(limits.timeoutMs ?? FETCH_TIMEOUT_MS),
    ...(init.signal ? [init.signal] : []),
  ]);
  let url = await checkAddress(address, limits.privatePeers);
  for (let hop = 0; ; hop++) {
    const response = await fetch(url, {
      ...init,
      headers: {
        ...(limits.userAgent ? { "User-Agent": limits.userAgent } : {}),
        ...Object.fromEntries(new Headers(init.headers)),
      },
      redirect: "manual",
      signal,
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS)
        throw new RefusedAddressError(`too many redirects from ${address}`);
      url = await checkAddress(new URL(location, url), limits.privatePeers);
      continue;
    }
    const body = await readLimited(
      response,
      limits.maxBytes ?? DOCUMENT_MAX_BYTES,
    );
    const answer = new Response(response.status === 204 ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    // getRemoteDocument reads the final address from the answer.
    Object.defineProperty(answer, "url", { value: url.href });
    return answer;
  }
}

const ACCEPT =
  'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

/** Fedify's document loader over safeFetch, its answers kept in the key-value store. */
export function documentLoaderFactory(
  limits: FetchLimits,
  kv: KvStore,
): DocumentLoaderFactory {
  const load: DocumentLoader = async (url, options) => {
    if (url in preloadedContexts)
      return {
        contextUrl: null,
        documentUrl: url,
        document: preloadedContexts[url],
      } satisfies RemoteDocument;
    const response = await safeFetch(
      url,
      { headers: { Accept: ACCEPT }, signal: options?.signal ?? null },
      limits,
    );
    return getRemoteDocument(url, response, load);
  };
  const cached = kvCache({ loader: load, kv, prefix: ["_site", "documents"] });
  return () => cached;
}

/**
 * Fedify's signed fetch (for servers that ask who is fetching), behind the
 * same address check and timeout.
 */
export function authenticatedLoaderFactory(
  limits: FetchLimits,
): AuthenticatedDocumentLoaderFactory {
  return (identity) => {
    const inner = getAuthenticatedDocumentLoader(identity, {
      // The check is made here, with the listed peers, before each fetch.
      allowPrivateAddress: true,
      ...(limits.userAgent ? { userAgent: limits.userAgent } : {}),
    });
    return async (url, options) => {
      await checkAddress(url, limits.privatePeers);
      return inner(url, {
        signal: AbortSignal.any([
          AbortSignal.timeout(limits.timeoutMs ?? FETCH_TIMEOUT_MS),
          ...(options?.signal ? [options.signal] : []),
        ]),
      });
    };
  };
}
