// A wall clock a journey can move forward in a running production server,
// from outside, as libfaketime would: loaded with `node --import` (see
// tests/e2e/studio-schedule.spec.ts), it shifts Date by the number of
// milliseconds in the file named by SHIFTED_CLOCK_FILE, read again on
// SIGUSR2. Timers keep real time; only what the server reads as "now" moves.
// The server's code is the production code, unchanged.
import { readFileSync } from "node:fs";

const file = process.env.SHIFTED_CLOCK_FILE;
if (!file) throw new Error("SHIFTED_CLOCK_FILE is required");

const RealDate = Date;
let offsetMs = 0;

function readOffset() {
  const text = readFileSync(file ?? "", "utf8").trim();
  offsetMs = text === "" ? 0 : Number(text);
  if (!Number.isFinite(offsetMs))
    throw new Error(`${file} does not hold a number`);
}

function ShiftedDate(this: unknown, ...args: unknown[]): unknown {
  const now = RealDate.now() + offsetMs;
  // Date() called as a function answers the current time as text.
  if (!new.target) return new RealDate(now).toString();
  return Reflect.construct(
    RealDate,
    args.length === 0 ? [now] : args,
    new.target,
  );
}
ShiftedDate.prototype = RealDate.prototype;
Object.setPrototypeOf(ShiftedDate, RealDate);
ShiftedDate.now = () => RealDate.now() + offsetMs;

readOffset();
process.on("SIGUSR2", readOffset);
globalThis.Date = ShiftedDate as unknown as DateConstructor;
