// For tests: another fediverse server on loopback, as small as will do. It
// serves one actor (with its public key) and records what arrives at its
// inboxes; signedPost sends an activity signed with the actor's key, in
// either form Mastodon uses (draft-cavage or RFC 9421).
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { generateCryptoKeyPair, signRequest } from "@fedify/fedify";
import type { HttpMessageSignaturesSpec } from "@fedify/fedify";
import { CryptographicKey, Endpoints, Image, Person } from "@fedify/vocab";

import { writeStoredSettings } from "~/data/site-settings.server";

import { smallPng } from "./photos";
import { startTestSite } from "./site";
import type { TestSite } from "./site";

export interface Delivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  /** The body as it came, for checking its signature's digest. */
  raw: string;
}

export interface FediversePeer {
  /** http://127.0.0.1:port */
  origin: string;
  /** host:port, for FEDIVERSE_PRIVATE_PEERS. */
  peer: string;
  actorId: string;
  inbox: string;
  sharedInbox: string;
  deliveries: Delivery[];
  /** The actor's `n`th Follow of `object` (an actor's id). */
  follow(object: string, n?: number): Record<string, unknown>;
  /** POSTs the activity to `url`, signed as the actor. */
  signedPost(
    url: string,
    activity: Record<string, unknown>,
    spec?: HttpMessageSignaturesSpec,
  ): Promise<Response>;
  /** Resolves once `count` deliveries have arrived. */
  received(count: number): Promise<Delivery[]>;
  close(): Promise<void>;
}

/**
 * `answer` is the status its inboxes answer with; "never": they take the
 * delivery and never answer (a server that hangs).
 */
export async function startFediversePeer(
  username = "sam",
  answer: number | "never" = 202,
): Promise<FediversePeer> {
  const keys = await generateCryptoKeyPair("RSASSA-PKCS1-v1_5");
  const deliveries: Delivery[] = [];
  const waiting = new Set<() => void>();
  // Made once the port is known.
  const served: { actor?: unknown } = {};
  const icon = await smallPng();
  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === `/users/${username}`) {
      res.writeHead(200, { "Content-Type": "application/activity+json" });
      res.end(JSON.stringify(served.actor));
      return;
    }
    if (req.method === "GET" && req.url === "/icon.png") {
      res.writeHead(200, { "Content-Type": "image/png" });
      res.end(icon);
      return;
    }
    if (req.method === "POST") {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        deliveries.push({
          path: req.url ?? "",
          headers: req.headers,
          body: JSON.parse(raw) as Record<string, unknown>,
          raw,
        });
        for (const wake of waiting) wake();
        if (answer !== "never") res.writeHead(answer).end();
      });
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const actorId = `${origin}/users/${username}`;
  const keyId = new URL(`${actorId}#main-key`);
  served.actor = await new Person({
    id: new URL(actorId),
    preferredUsername: username,
    name: username,
    inbox: new URL(`${actorId}/inbox`),
    endpoints: new Endpoints({ sharedInbox: new URL(`${origin}/inbox`) }),
    icon: new Image({
      url: new URL(`${origin}/icon.png`),
      mediaType: "image/png",
    }),
    publicKey: new CryptographicKey({
      id: keyId,
      owner: new URL(actorId),
      publicKey: keys.publicKey,
    }),
  }).toJsonLd();
  return {
    origin,
    peer: `127.0.0.1:${port}`,
    actorId,
    inbox: `${actorId}/inbox`,
    sharedInbox: `${origin}/inbox`,
    deliveries,
    follow: (object, n = 1) => ({
      "@context": "https://www.w3.org/ns/activitystreams",
      id: `${actorId}/follows/${n}`,
      type: "Follow",
      actor: actorId,
      object,
    }),
    async signedPost(url, activity, spec = "draft-cavage-http-signatures-12") {
      const request = new Request(url, {
        method: "POST",
        headers: { "Content-Type": "application/activity+json" },
        body: JSON.stringify(activity),
      });
      return fetch(
        await signRequest(request, keys.privateKey, keyId, { spec }),
      );
    },
    async received(count) {
      while (deliveries.length < count) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            resolve();
          };
          waiting.add(wake);
        });
      }
      return deliveries;
    },
    async close() {
      server.close();
      server.closeAllConnections();
      await once(server, "close");
    },
  };
}

/**
 * A test site at `siteUrl` with the social web on, taking these peers as
 * other servers (loopback is private otherwise); its pages answer 404.
 */
export async function startFediverseSite(
  siteUrl: string,
  peers: FediversePeer[],
): Promise<TestSite> {
  const site = await startTestSite(
    {
      SITE_URL: siteUrl,
      FEDIVERSE_PRIVATE_PEERS: peers.map((peer) => peer.peer).join(","),
    },
    () => (_req, res) => {
      res.status(404).end();
    },
  );
  await writeStoredSettings(site.db, { socialWeb: "on" });
  return site;
}
