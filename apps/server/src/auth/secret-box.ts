// Secrets the server must read back (a TOTP secret; an SSO client secret next) are kept encrypted
// with AES-256-GCM under a key from SECRET_ENCRYPTION_KEY. Guarantees: a database copy alone
// reveals none of them; a value altered in the database fails to open rather than yielding a
// different secret (GCM's tag, with the row's purpose bound in as associated data, so a value
// cannot be moved to another purpose). Without SECRET_ENCRYPTION_KEY the key is derived from the
// app secret (APP_SECRET, or the one kept in DATA_DIR), which a database copy also does not hold.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = Buffer.from(hkdfSync("sha256", keyMaterial, "sitesnag-secret-box", "aes-256-gcm", 32));
  }

  seal(plain: string, purpose: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(purpose));
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
  }

  /** The plain text, or null when the value was not sealed with this key for this purpose. */
  open(sealed: string, purpose: string): string | null {
    const [version, payload] = sealed.split(":");
    if (version !== VERSION || !payload) return null;
    const bytes = Buffer.from(payload, "base64url");
    if (bytes.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }
}
