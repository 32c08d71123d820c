// The process entry: loads the site (the production build, or the source
// through Vite in development), listens, and shuts down gracefully.
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

import type { createSite as CreateSite } from "./app.ts";
import { createHttpServer, SERVER_LIMITS } from "./http-server.ts";

type SiteModule = { createSite: typeof CreateSite };

const development = process.argv.includes("--dev");
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

async function loadSite() {
  if (development) {
    process.env.NODE_ENV ??= "development";
    const vite = await import("vite");
    const devServer = await vite.createServer({
      server: { middlewareMode: true },
    });
    const mod = (await devServer.ssrLoadModule(
      "./server/app.ts",
    )) as SiteModule;
    return mod.createSite({ devMiddleware: devServer.middlewares });
  }
  const serverBuild = path.join(buildDir, "server", "index.js");
  const mod = (await import(pathToFileURL(serverBuild).href)) as SiteModule;
  return mod.createSite({ clientDir: path.join(buildDir, "client") });
}

let site: Awaited<ReturnType<typeof loadSite>>;
try {
  site = await loadSite();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const { env, logger } = site;
// Deadlines for slow clients and caps on sockets: see http-server.ts. Behind
// a proxy every socket is the proxy's; it caps them per visitor instead.
const server: Server = createHttpServer(site.app, {
  ...SERVER_LIMITS,
  connectionsPerAddress:
    env.TRUST_PROXY > 0 ? 0 : SERVER_LIMITS.connectionsPerAddress,
});
function listening() {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  logger.info("listening", {
    url: `http://localhost:${port}`,
    database: site.database.kind,
  });
}
// Without HOST, Node listens on every address, IPv6 and IPv4 alike.
if (env.HOST) server.listen(env.PORT, env.HOST, listening);
else server.listen(env.PORT, listening);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info("shutting down", { signal });
  const forced = setTimeout(() => {
    logger.error("shutdown timed out; exiting");
    process.exit(1);
  }, 10_000);
  forced.unref();
  server.close(async () => {
    try {
      await site.close();
      logger.info("stopped");
      process.exit(0);
    } catch (error) {
      logger.error("error while closing", { error: String(error) });
      process.exit(1);
    }
  });
  server.closeIdleConnections();
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
