// Drill: the social web's instance is killed with SIGKILL in the middle of
// delivering a post to its followers' servers (a fleet of loopback inboxes
// that answer slowly, so the kill lands with deliveries in hand), and
// started again. Every server must get the Create; a delivery the dead
// instance had made but not recorded goes again once its lease runs out,
// with the same activity id, which receiving servers fold: the drill counts
// those repeats and any second id (which no server could fold).
import { writeStoredSettings } from "~/data/site-settings.server";
import { openDatabase } from "~database/client";
import { startFleet } from "~scripts/lib/fediverse-fleet";
import { publishedPost } from "~tests/support/posts";

import { freshDatabase } from "./support/database";
import { PORT_BASE, startInstance } from "./support/processes";
import type { Instance } from "./support/processes";
import { drillResult } from "./support/reporting";

export async function fediverseKillDrill({
  servers = 40,
  perServer = 5,
  killAfter = 10,
  answerDelayMs = 300,
} = {}) {
  const result = drillResult(
    "fediverse-kill: SIGKILL mid-delivery, then restart",
  );
  const database = await freshDatabase("fediverse_kill");
  const fleet = await startFleet({ servers, answerDelayMs });
  const start = () =>
    startInstance({
      name: "fediverse-kill",
      port: PORT_BASE + 40,
      databaseUrl: database.url,
      env: { FEDIVERSE_PRIVATE_PEERS: fleet.peers },
    });
  let instance: Instance | undefined = await start();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: "" });
  try {
    await writeStoredSettings(handle.db, {
      socialWeb: "on",
      socialHandle: "jordan",
    });
    result.figure(
      "followers",
      `${await fleet.follow(handle.db, perServer)} on ${servers} servers`,
    );
    const started = performance.now();
    await publishedPost(handle.db, {
      slug: "through-a-kill",
      title: "Through a kill",
      excerpt: "Sent while the instance dies.",
    });
    // Kill once `killAfter` servers have the Create: the rest are in hand or queued.
    while (fleet.tally("Create").delivered < killAfter) {
      if (performance.now() - started > 120_000)
        throw new Error("deliveries did not start");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await instance.kill();
    const atKill = fleet.tally("Create").delivered;
    result.figure("servers with the Create at the kill", atKill);
    const [leased] = await database.query<{ n: number }>(
      "select count(*)::int as n from fediverse_queue where done_at is null and leased_until > now()",
    );
    result.figure("deliveries leased by the dead instance", leased?.n ?? 0);
    instance = await start();
    // What the dead instance held waits for its lease (two minutes).
    const all = await fleet.allReceived("Create", 300_000);
    result.figure(
      "publish → every server's Create (ms)",
      Math.round(performance.now() - started),
    );
    // The dead instance's leased rows go again once their lease runs out:
    // the books are closed when nothing is left to send.
    for (;;) {
      const [left] = await database.query<{ n: number }>(
        "select count(*)::int as n from fediverse_queue where done_at is null and message->>'type' <> 'inbox'",
      );
      if ((left?.n ?? 0) === 0) break;
      if (performance.now() - started > 400_000) {
        result.problem(`${left?.n} deliveries still queued after 400 s`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    result.figure(
      "publish → queue empty, the dead instance's leases run out (ms)",
      Math.round(performance.now() - started),
    );
    const tally = fleet.tally("Create");
    result.figure("delivered", tally.delivered);
    result.figure("missed", tally.missed);
    result.figure(
      "repeated (same activity id, folded by servers)",
      tally.repeated,
    );
    result.figure("distinct activity ids (target 1)", tally.ids.size);
    if (!all || tally.missed > 0)
      result.problem(`${tally.missed} servers never got the Create`);
    if (tally.ids.size !== 1)
      result.problem(`${tally.ids.size} activity ids for one post's Create`);
  } finally {
    await instance?.stop();
    await handle.close();
    await fleet.close();
    await database.drop();
  }
  return result;
}
