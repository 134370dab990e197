// One-click unsubscribe links (RFC 8058) that work without signing in: the token names the person
// and what to stop ("a kind" or "digest"), signed with HMAC-SHA256 under a key derived from the
// app's secret, so it cannot be forged or pointed at someone else. It does not expire: a link in
// an old email must still work.
import { createHmac, timingSafeEqual } from "node:crypto";

export type UnsubscribeTarget = { userId: string; what: string };

export class UnsubscribeTokens {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = createHmac("sha256", secret).update("sitesnag/unsubscribe/v1").digest();
  }

  private mac(payload: string): string {
    return createHmac("sha256", this.key).update(payload).digest("base64url");
  }

  sign(target: UnsubscribeTarget): string {
    const payload = Buffer.from(`${target.userId}:${target.what}`).toString("base64url");
    return `${payload}.${this.mac(payload)}`;
  }

  verify(token: string): UnsubscribeTarget | undefined {
    const [payload, mac, extra] = token.split(".");
    if (!payload || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const [userId, what, rest] = Buffer.from(payload, "base64url").toString().split(":");
    if (!userId || !what || rest !== undefined) return undefined;
    return { userId, what };
  }
}
