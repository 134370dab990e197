import { describe, expect, it } from "vitest";
import { AppError } from "../http/errors";
import { ADDRESS_FAILURES, FAILURE_WINDOW_MS, SignInThrottle } from "./sign-in-throttle";

const wrong = () => Promise.reject(new AppError(401, "Invalid email or password"));
const right = () => Promise.resolve("signed in");

async function outcome(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    return error instanceof AppError ? error.statusCode : 500;
  }
}

describe("SignInThrottle", () => {
  it("lets an address try again once the window has passed", async () => {
    let now = 1_000_000;
    const throttle = new SignInThrottle(() => now);
    for (let i = 0; i < ADDRESS_FAILURES; i += 1)
      expect(await outcome(throttle.attempt("a@x.co", "ip", wrong))).toBe(401);
    const refused = await throttle.attempt("a@x.co", "ip", right).catch((error: AppError) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).options.retryAfterSeconds).toBe(FAILURE_WINDOW_MS / 1000);
    now += FAILURE_WINDOW_MS - 1;
    expect(await outcome(throttle.attempt("a@x.co", "ip", right))).toBe(429);
    now += 1;
    expect(await outcome(throttle.attempt("a@x.co", "ip", right))).toBe(200);
  });

  it("does not count an attempt that failed for another reason than the password", async () => {
    const throttle = new SignInThrottle();
    const databaseDown = () => Promise.reject(new AppError(503, "down"));
    for (let i = 0; i < ADDRESS_FAILURES * 2; i += 1) {
      expect(await outcome(throttle.attempt("a@x.co", "ip", databaseDown))).toBe(503);
    }
    expect(await outcome(throttle.attempt("a@x.co", "ip", right))).toBe(200);
  });
});
