// How much React does as a page starts, as a count, free of the host's
// speed (issue 30; decisions 049, 051, 057): per route, the fibers in
// React's tree once the start has settled, and per commit how many fibers
// that pass visited (drew or copied). A pass after the start that visits
// many fibers is work that changes nothing on the screen.
//
// Usage: npm run fibers [-- /path /path …]   (after npm run build)
// Counted through React's devtools hook, which the page's React reports
// every commit to; nothing of the site's code is changed for it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";

import { navigation } from "~/config/navigation";
import { chromePath, chromiumFlags } from "./lib/chromium";
import { launchServer } from "./lib/server";

const routes = process.argv.slice(2);
// The main navigation's pages unless others are named.
const paths = routes.length > 0 ? routes : navigation.map((item) => item.href);

interface Commit {
  tree: number;
  visited: number;
}

declare global {
  interface Window {
    __fiberCommits?: Commit[];
  }
}

/**
 * Runs in the page before its scripts (a string: a compiled function may
 * carry helpers the page does not have). A fiber React drew or copied in a
 * pass is a fiber object the previous commit's tree did not hold (React
 * swaps each fiber for its alternate when it works on it), so a pass's
 * count is the tree's fibers not seen in the tree before.
 */
const countCommits = `
  const commits = [];
  window.__fiberCommits = commits;
  let previous = new WeakSet();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitUnmount: () => {},
    onCommitFiberRoot(id, root) {
      const seen = new WeakSet();
      let tree = 0;
      let visited = 0;
      const stack = root.current.child ? [root.current.child] : [];
      while (stack.length > 0) {
        const fiber = stack.pop();
        tree += 1;
        seen.add(fiber);
        if (!previous.has(fiber)) visited += 1;
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      previous = seen;
      commits.push({ tree, visited });
    },
  };
`;

const work = mkdtempSync(path.join(tmpdir(), "fibers-"));
const server = await launchServer({
  env: { DATA_DIR: path.join(work, "data"), LOG_LEVEL: "warn" },
  log: path.join(work, "server.log"),
});
const browser = await chromium.launch({
  executablePath: chromePath,
  args: chromiumFlags,
});
try {
  console.log(
    "Fibers in React's tree after the start, and fibers each commit visited (a phone's viewport, 412 × 823):",
  );
  for (const pathname of paths) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      isMobile: true,
    });
    const page = await context.newPage();
    await page.addInitScript({ content: countCommits });
    await page.goto(`${server.url}${pathname}`, { waitUntil: "networkidle" });
    // The start has settled once no commit has come for a second.
    let commits: Commit[] = [];
    for (let count = -1; count !== commits.length;) {
      count = commits.length;
      await page.waitForTimeout(1000);
      commits = await page.evaluate(() => window.__fiberCommits ?? []);
    }
    const tree = commits.at(-1)?.tree ?? 0;
    console.log(
      `  ${pathname.padEnd(14)} tree ${String(tree).padStart(4)}; commits: ${commits.map((commit) => commit.visited).join(" ")}`,
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
