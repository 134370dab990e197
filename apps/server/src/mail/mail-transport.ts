// Where a message goes: an SMTP server (SMTP_URL), or, with none configured, an .eml file under
// DATA_DIR/mail written by Nodemailer's stream transport, with its subject and recipient logged,
// so a fresh `npm start` shows every message it would have sent.
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../config";

export type OutgoingMessage = {
  /** The outbox row's id: the Message-ID and the .eml file are named after it. */
  id: string;
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** Files attached (the weekly report's PDF), streamed from storage as the message is written. */
  attachments?: { filename: string; content: Readable }[];
};

export type MailTransport = {
  readonly kind: "smtp" | "files";
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
};

/** Seconds a send may take; the outbox lease is longer, so a slow send is never sent twice. */
export const SEND_TIMEOUT_SECONDS = 30;

export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  const from = config.mail.from;
  const host = new URL(config.mail.publicUrl).hostname;
  const fields = ({ id, ...message }: OutgoingMessage) => ({ from, messageId: `<${id}@${host}>`, ...message });
  if (config.mail.smtpUrl) {
    const transporter = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: SEND_TIMEOUT_SECONDS * 1000,
    });
    return {
      kind: "smtp",
      send: async (message) => {
        await transporter.sendMail(fields(message));
      },
      close: () => transporter.close(),
    };
  }
  const dir = path.join(config.dataDir, "mail");
  // Streamed to the file, never buffered: a weekly report's PDF of tens of megabytes would be held
  // whole, base64 and all, for each message (decision 0081). Written beside and renamed, so a
  // reader of the folder never sees half a message.
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: false, newline: "unix" });
  return {
    kind: "files",
    send: async (message) => {
      const info = await transporter.sendMail(fields(message));
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(dir, `${stamp}-${message.id}.eml`);
      const part = `${file}.part`;
      try {
        await pipeline(info.message as Readable, createWriteStream(part, { mode: 0o600 }));
        await rename(part, file);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
      log.info({ to: message.to.address, subject: message.subject, file }, "mail written (no SMTP_URL set)");
    },
    close: () => undefined,
  };
}
