import { describe, expect, it } from "vitest";
import { defaultMailMode, isTimeZone, MailPreferencesSchema } from "./notification-mail";
import { ForgotPasswordSchema, ResetPasswordFormSchema } from "./password-reset";

describe("notification mail preferences", () => {
  it("defaults: assignments instant, every other kind (new ones too) in the digest", () => {
    expect(defaultMailMode("assigned")).toBe("instant");
    expect(defaultMailMode("status")).toBe("digest");
    expect(defaultMailMode("a-kind-added-later")).toBe("digest");
  });

  it("knows IANA time zones and refuses others", () => {
    for (const zone of ["UTC", "Europe/London", "America/New_York", "Asia/Kolkata"])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ["", "Mars/Olympus", "x".repeat(100), "Europe/London\n"]) expect(isTimeZone(zone)).toBe(false);
  });

  it("accepts some kinds only, with a sentence for what it refuses", () => {
    expect(MailPreferencesSchema.safeParse({ timeZone: "UTC", preferences: { status: "off" } }).success).toBe(true);
    const unknown = MailPreferencesSchema.safeParse({ timeZone: "UTC", preferences: { spam: "off" } });
    expect(unknown.success).toBe(false);
    const mode = MailPreferencesSchema.safeParse({ timeZone: "UTC", preferences: { status: "hourly" } });
    expect(mode.error?.issues[0]?.message).toBe("Choose instant email, daily digest or off");
    const zone = MailPreferencesSchema.safeParse({ timeZone: "Nowhere/Town", preferences: {} });
    expect(zone.error?.issues[0]?.message).toBe("Choose a time zone from the list");
  });
});

describe("password reset schemas", () => {
  it("refuses a malformed address or a lone surrogate", () => {
    expect(ForgotPasswordSchema.safeParse({ email: "pat@example.com" }).success).toBe(true);
    expect(ForgotPasswordSchema.safeParse({ email: "not-an-address" }).error?.issues[0]?.message).toBe(
      "Invalid email address",
    );
    expect(ForgotPasswordSchema.safeParse({ email: "\ud800@example.com" }).success).toBe(false);
  });

  it("asks for the new password twice, the same", () => {
    const differ = ResetPasswordFormSchema.safeParse({ password: "abcdef1", confirmPassword: "abcdef2" });
    expect(differ.error?.issues[0]).toMatchObject({ path: ["confirmPassword"], message: "Passwords do not match" });
    const short = ResetPasswordFormSchema.safeParse({ password: "abc", confirmPassword: "abc" });
    expect(short.error?.issues[0]?.message).toBe("Password must be at least 6 characters");
  });
});
