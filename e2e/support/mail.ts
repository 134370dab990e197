// Reads the messages the e2e server wrote (no SMTP_URL: one .eml file per message under
// DATA_DIR/mail), parsed with mailparser as a mail client would.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";

export async function mailsTo(dataDir: string, address: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, "mail");
  const files = await readdir(dir).catch(() => [] as string[]);
  const parsed = await Promise.all(
    files.filter((f) => f.endsWith(".eml")).map(async (f) => simpleParser(await readFile(path.join(dir, f)))),
  );
  return parsed.filter((mail) => {
    const to = mail.to && !Array.isArray(mail.to) ? mail.to.value : [];
    return to.some((entry) => entry.address === address);
  });
}

/** Waits for the `count`-th message to `address` and answers it. */
export async function waitForMail(dataDir: string, address: string, count = 1): Promise<ParsedMail> {
  await expect
    .poll(async () => (await mailsTo(dataDir, address)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  const mails = await mailsTo(dataDir, address);
  mails.sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0));
  return mails[count - 1] as ParsedMail;
}

/** The first link in the message's plain text that starts with `prefix`. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const found = (mail.text ?? "").split(/\s+/).find((word) => word.startsWith(prefix));
  if (!found) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return found;
}
