// Backups of the embedded database made by the running site (decision 038):
// PGlite is one session in this process, so nothing else may open its
// directory while the site runs, and the site makes the dumps itself.
// - On demand: a local socket beside the data directory answers
//   `GET /backup` with a dump; `npm run backup` asks it. The socket file is
//   the owner's alone (mode 0600): whoever may connect could read the data
//   directory anyway, and nothing on the network reaches it.
// - On a schedule: with BACKUP_DIR set, a dump about once a day, the
//   BACKUP_KEEP newest kept. A failure is logged and tried again later; it
//   never stops the site.
import { chmod, lstat, mkdir, readdir, rm } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import type { Readable } from "node:stream";

import {
  dumpFileName,
  dumpFileTime,
  dumpStream,
  writeDumpFile,
} from "~database/backup";
import type { DatabaseHandle } from "~database/client";
import type { Env } from "~shared/env";
import { errorMessage } from "~shared/error-message";
import type { Logger } from "~shared/logger";

type Dump = () => Promise<string | Readable>;

/** Where the running site answers backup requests for the embedded database in `dataDir`. */
export function backupSocketPath(dataDir: string): string {
  return `${path.resolve(dataDir)}.backup.sock`;
}

export interface BackupSocket {
  close(): Promise<void>;
}

/**
 * Listens on `socketPath` for `GET /backup`. A socket file left by a site
 * that did not shut down cleanly is replaced: only one site may hold the
 * data directory, so no other site can be listening on it.
 */
export async function startBackupSocket(options: {
  socketPath: string;
  dump: Dump;
  logger: Logger;
}): Promise<BackupSocket> {
  const { socketPath, dump, logger } = options;
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || req.url !== "/backup") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    const started = Date.now();
    dump().then(
      (made) => {
        res.writeHead(200, { "content-type": "application/sql" });
        dumpStream(made).pipe(res);
        logger.info("backup made on request", { ms: Date.now() - started });
      },
      (error: unknown) => {
        logger.error("backup on request failed", {
          error: errorMessage(error),
        });
        res
          .writeHead(500, { "content-type": "text/plain" })
          .end(`${errorMessage(error)}\n`);
      },
    );
  });
  const stale = await lstat(socketPath).catch(() => undefined);
  if (stale?.isSocket()) await rm(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

export interface BackupSchedule {
  /** One check now (what each tick does): a dump when the newest is a day old. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 60 * 1000;

/** Dumps into `dir` when its newest dump is a day old, then keeps the `keep` newest. */
export function startBackupSchedule(options: {
  dir: string;
  keep: number;
  dump: Dump;
  logger: Logger;
  /** The clock; tests hand in their own. */
  now?: () => Date;
  intervalMs?: number;
}): BackupSchedule {
  const { dir, keep, dump, logger } = options;
  const now = options.now ?? (() => new Date());
  let running: Promise<void> = Promise.resolve();

  async function dumpsInDir() {
    const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
    return names.filter((name) => dumpFileTime(name)).sort();
  }

  async function check() {
    try {
      const newest = (await dumpsInDir()).at(-1);
      const at = now();
      const newestTime = newest ? dumpFileTime(newest) : undefined;
      if (newestTime && at.getTime() - newestTime.getTime() < DAY_MS) return;
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, dumpFileName(at));
      const started = Date.now();
      const bytes = await writeDumpFile(file, await dump());
      logger.info("scheduled backup written", {
        file,
        bytes,
        ms: Date.now() - started,
      });
      const old = (await dumpsInDir()).slice(0, -keep);
      for (const name of old) await rm(path.join(dir, name), { force: true });
      if (old.length) logger.info("old backups removed", { files: old });
    } catch (error) {
      logger.error("scheduled backup failed; trying again in an hour", {
        dir,
        error: errorMessage(error),
      });
    }
  }

  function runOnce() {
    running = running.then(check);
    return running;
  }

  void runOnce();
  const timer = setInterval(
    () => void runOnce(),
    options.intervalMs ?? CHECK_EVERY_MS,
  );
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * What the site starts for backups: on the embedded database (kept in a
 * directory) the socket, and the schedule when BACKUP_DIR is set. Neither
 * can stop the site from starting: a failure is logged.
 */
export async function startBackups(
  database: Pick<DatabaseHandle, "kind" | "dump">,
  env: Pick<Env, "DATA_DIR" | "BACKUP_DIR" | "BACKUP_KEEP">,
  logger: Logger,
): Promise<{ stop(): Promise<void> }> {
  if (database.kind !== "pglite" || env.DATA_DIR.startsWith("memory://")) {
    if (env.BACKUP_DIR)
      logger.warn(
        "BACKUP_DIR is for the embedded database; on PostgreSQL schedule `npm run backup` (deploy/live-site-backup.timer)",
      );
    return { stop: async () => undefined };
  }
  const dump = () => database.dump();
  const socketPath = backupSocketPath(env.DATA_DIR);
  const socket = await startBackupSocket({ socketPath, dump, logger }).catch(
    (error: unknown) => {
      logger.error(
        "backup socket not started: `npm run backup` cannot reach this site",
        {
          socketPath,
          error: errorMessage(error),
        },
      );
      return undefined;
    },
  );
  const schedule = env.BACKUP_DIR
    ? startBackupSchedule({
        dir: path.resolve(env.BACKUP_DIR),
        keep: env.BACKUP_KEEP,
        dump,
        logger,
      })
    : undefined;
  return {
    async stop() {
      await schedule?.stop();
      await socket?.close();
    },
  };
}
