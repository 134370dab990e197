// A real SMTP server in the test process (smtp-server from the Nodemailer project): every message
// our mailer hands it is parsed with mailparser and kept, with the envelope it came with. It can
// refuse messages (451) or be stopped and started again on the same port, for the fault tests.
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CapturedMail = {
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: string;
};

export type SmtpCapture = {
  url: string;
  messages: CapturedMail[];
  /** Answer every message with a temporary failure until set back to false. */
  refuse: boolean;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startSmtpCapture(): Promise<SmtpCapture> {
  let port = 0;
  let server: SMTPServer | undefined;
  const capture: SmtpCapture = {
    url: "",
    messages: [],
    refuse: false,
    start: async () => {
      if (server) return;
      server = new SMTPServer({
        closeTimeout: 100,
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            if (capture.refuse) {
              const error = Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 });
              callback(error);
              return;
            }
            const raw = Buffer.concat(chunks).toString("utf8");
            simpleParser(raw).then(
              (parsed) => {
                capture.messages.push({
                  envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                  parsed,
                  raw,
                });
                callback();
              },
              (error: Error) => callback(error),
            );
          });
        },
      });
      const listening = server;
      await new Promise<void>((resolve, reject) => {
        listening.once("error", reject);
        listening.listen(port, "127.0.0.1", () => resolve());
      });
      port = (listening.server.address() as AddressInfo).port;
      capture.url = `smtp://127.0.0.1:${port}`;
    },
    stop: async () => {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    close: async () => capture.stop(),
  };
  await capture.start();
  return capture;
}

/** The first http(s) link in the plain-text part that starts with `prefix`. */
export function linkIn(mail: CapturedMail, prefix: string): string {
  const text = mail.parsed.text ?? "";
  const found = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return found;
}

/** The message's header lines (up to the first empty line). */
export const headerBlock = (raw: string): string => raw.split(/\r?\n\r?\n/)[0] ?? "";
