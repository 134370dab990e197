import { describe, expect, it } from "vitest";
import {
  hashRecoveryCode,
  isRecoveryShaped,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  totpCode,
  totpUri,
  verifyTotp,
} from "./totp";

const NOW = 1_800_000_000;

describe("TOTP", () => {
  it("accepts the code of now and of one step either side, and answers its time step", () => {
    const secret = newTotpSecret();
    expect(verifyTotp(secret, totpCode(secret, NOW), NOW, null)).toBe(Math.floor(NOW / 30));
    expect(verifyTotp(secret, totpCode(secret, NOW - 30), NOW, null)).toBe(Math.floor(NOW / 30) - 1);
    expect(verifyTotp(secret, totpCode(secret, NOW + 30), NOW, null)).toBe(Math.floor(NOW / 30) + 1);
  });

  it("refuses a code two steps old, another secret's code and malformed codes", () => {
    const secret = newTotpSecret();
    expect(verifyTotp(secret, totpCode(secret, NOW - 90), NOW, null)).toBeNull();
    const other = newTotpSecret();
    const code = totpCode(other, NOW);
    // One in a million codes collide; skip that case instead of flaking.
    if (code !== totpCode(secret, NOW)) expect(verifyTotp(secret, code, NOW, null)).toBeNull();
    expect(verifyTotp(secret, "12345", NOW, null)).toBeNull();
    expect(verifyTotp(secret, "abcdef", NOW, null)).toBeNull();
  });

  it("refuses a code of a step already used (replay), and an earlier one", () => {
    const secret = newTotpSecret();
    const step = verifyTotp(secret, totpCode(secret, NOW), NOW, null);
    expect(step).not.toBeNull();
    expect(verifyTotp(secret, totpCode(secret, NOW), NOW, step)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, NOW - 30), NOW, step)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, NOW + 30), NOW, step)).toBe((step ?? 0) + 1);
  });

  it("writes an otpauth URL with the product as issuer and the account as label", () => {
    const secret = newTotpSecret();
    const url = new URL(totpUri(secret, "sam@example.com"));
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe("SiteSnag");
    expect(decodeURIComponent(url.pathname)).toContain("sam@example.com");
  });
});

describe("recovery codes", () => {
  it("are ten distinct codes, compared without case, spaces or dashes", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [code] = codes as [string];
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(isRecoveryShaped(code)).toBe(true);
    expect(hashRecoveryCode(` ${code.toUpperCase()} `)).toBe(hashRecoveryCode(normaliseRecoveryCode(code)));
    expect(isRecoveryShaped("123456")).toBe(false);
  });
});
