// Two-factor helpers for API tests: enrol an account's authenticator through the real routes and
// compute its codes with the same library the server uses, on a clock the test moves a step at a time.
import type { AuthResponse } from "@sitesnag/shared/auth";
import { vi } from "vitest";
import { totpCode } from "../src/mfa/totp";
import type { TestApp } from "./harness";

/** Pins Date (only) and moves it one TOTP step (30 s) per call, so each code is a fresh one. */
export function stepClock(start = Date.UTC(2026, 10, 28, 12, 0, 0)) {
  vi.useFakeTimers({ toFake: ["Date"] });
  let now = start;
  vi.setSystemTime(now);
  return {
    next(seconds = 30) {
      now += seconds * 1000;
      vi.setSystemTime(now);
    },
    code(secret: string) {
      return totpCode(secret, Math.floor(now / 1000));
    },
  };
}

export async function enrol(t: TestApp, account: AuthResponse, clock: ReturnType<typeof stepClock>) {
  const setup = await t.request({ method: "POST", url: "/api/auth/mfa/totp", token: account.accessToken });
  if (setup.statusCode !== 200) throw new Error(`totp setup failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  clock.next();
  const confirm = await t.request({
    method: "POST",
    url: "/api/auth/mfa/totp/confirm",
    token: account.accessToken,
    payload: { code: clock.code(secret) },
  });
  if (confirm.statusCode !== 200) throw new Error(`totp confirm failed: ${confirm.statusCode} ${confirm.body}`);
  clock.next();
  return { secret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}

export const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36";
export const FIREFOX = "Mozilla/5.0 (Android 15; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0";

export const login = (t: TestApp, email: string, password: string, userAgent = CHROME) =>
  t.request({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    headers: { "user-agent": userAgent },
  });

export const verify = (t: TestApp, mfaToken: string, code: string, userAgent = CHROME) =>
  t.request({
    method: "POST",
    url: "/api/auth/mfa/verify",
    payload: { mfaToken, code },
    headers: { "user-agent": userAgent },
  });
