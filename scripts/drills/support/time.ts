// Waiting in drills: for a while, or until something is true.

export const sleep = (ms: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`gave up waiting for ${what} after ${timeoutMs} ms`);
    await sleep(250);
  }
  return Date.now() - started;
}
