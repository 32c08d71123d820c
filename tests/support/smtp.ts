// A loopback SMTP server for tests and drills: a real SMTP conversation with
// nodemailer, recording every mail it accepts.
import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  messageId: string | undefined;
  from: string;
  to: string[];
  raw: string;
}

export interface LoopbackSmtp {
  port: number;
  mails: ReceivedMail[];
  /** "reject" answers every sender with 451 (try again later), as a struggling mail server does. */
  mode: "accept" | "reject";
  close(): Promise<void>;
}

export async function startLoopbackSmtp(
  options: {
    port?: number;
    host?: string;
    /** How long the server takes to accept each mail, like a real one under load. */
    acceptDelayMs?: number;
    /** Recipients refused for good (550 at RCPT TO), as a server refuses an address it does not have. */
    refusedRecipients?: ReadonlySet<string>;
    /** How long to wait for a fixed port another journey holds (60 s). */
    waitForPortMs?: number;
  } = {},
): Promise<LoopbackSmtp> {
  const mails: ReceivedMail[] = [];
  const state: { mode: LoopbackSmtp["mode"] } = { mode: "accept" };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Senders keep pooled connections open; closing need not wait for them.
    closeTimeout: 100,
    onMailFrom(_address, _session, callback) {
      if (state.mode === "accept") return callback();
      const error = Object.assign(
        new Error("Mailbox busy, please try again later"),
        { responseCode: 451 },
      );
      callback(error);
    },
    onRcptTo(address, _session, callback) {
      if (!options.refusedRecipients?.has(address.address)) return callback();
      callback(
        Object.assign(new Error("No such user here"), { responseCode: 550 }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail = {
          messageId: /^Message-ID:\s*(<[^>\r\n]+>)/im.exec(raw)?.[1],
          from: session.envelope.mailFrom
            ? session.envelope.mailFrom.address
            : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        };
        // Received means accepted: recorded as the 250 reply goes out.
        setTimeout(() => {
          mails.push(mail);
          callback();
        }, options.acceptDelayMs ?? 0);
      });
    },
  });
  server.on("error", () => {
    // A client vanishing mid-conversation is the client's problem.
  });
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
        server.server.off("error", reject);
        resolve();
      });
    });
  // Journeys in parallel share the mail server's one SMTP port: a journey
  // whose port is taken waits for the other to close it.
  const giveUpAt = Date.now() + (options.waitForPortMs ?? 60_000);
  for (;;) {
    try {
      await listen();
      break;
    } catch (error) {
      const inUse = (error as { code?: unknown }).code === "EADDRINUSE";
      if (!inUse || !options.port || Date.now() > giveUpAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    get mode() {
      return state.mode;
    },
    set mode(mode) {
      state.mode = mode;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
