type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 100,
};

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** One JSON object per line on stdout: what log shippers and `grep` both read well. */
export function createLogger(minimum: Level | "silent" = "info"): Logger {
  const write = (
    level: Level,
    msg: string,
    fields?: Record<string, unknown>,
  ) => {
    if (order[level] < order[minimum]) return;
    const line = JSON.stringify({
      time: new Date().toISOString(),
      level,
      msg,
      ...fields,
    });
    if (level === "error" || level === "warn")
      process.stderr.write(line + "\n");
    else process.stdout.write(line + "\n");
  };
  return {
    debug: (msg, fields) => write("debug", msg, fields),
    info: (msg, fields) => write("info", msg, fields),
    warn: (msg, fields) => write("warn", msg, fields),
    error: (msg, fields) => write("error", msg, fields),
  };
}
