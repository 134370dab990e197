import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** APP_SECRET when given; otherwise one generated once and kept in DATA_DIR (mode 600). */
export async function resolveSecret(appSecret: string | undefined, dataDir: string): Promise<string> {
  if (appSecret) return appSecret;
  const file = path.join(dataDir, "app-secret");
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  const secret = randomBytes(48).toString("base64url");
  await writeFile(file, secret, { mode: 0o600, flag: "w" });
  return secret;
}
