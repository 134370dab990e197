// The unsubscribe page says what stopped in the page's language, every word (issue 35): the
// server's answer names which mail (`what`); the sentence is the catalogue's, whole.
import { NOTIFICATION_MAIL_KINDS } from "@sitesnag/shared/notification-mail";
import { describe, expect, it } from "vitest";
import { testTranslator } from "../../i18n/test-translator";
import { unsubscribedText } from "./unsubscribed-text";

const email = "mo@example.com";

describe("unsubscribedText", () => {
  it("words each kind of stopped mail in Polish, with the kind named as the profile names it", () => {
    const pl = testTranslator("pl");
    expect(unsubscribedText(pl, { email, what: "assigned" })).toBe(
      "Gotowe: mo@example.com nie będzie już otrzymywać e-maili „Przypisane do mnie”.",
    );
    expect(unsubscribedText(pl, { email, what: "digest" })).toBe(
      "Gotowe: mo@example.com nie będzie już otrzymywać dziennego podsumowania.",
    );
    expect(unsubscribedText(pl, { email, what: "weekly_report" })).toBe(
      "Gotowe: mo@example.com nie będzie już otrzymywać raportu tygodniowego.",
    );
    expect(unsubscribedText(pl, { email, what: "other" })).toBe(
      "Gotowe: mo@example.com nie będzie już otrzymywać tych e-maili.",
    );
  });

  it("keeps SPEC's English word for word and names every kind the profile lists", () => {
    const en = testTranslator("en-GB");
    expect(unsubscribedText(en, { email, what: "assigned" })).toBe(
      "Done: mo@example.com will no longer get “Assigned to me” emails.",
    );
    expect(unsubscribedText(en, { email, what: "fix_awaiting_verification" })).toBe(
      "Done: mo@example.com will no longer get “Fixes awaiting my verification” emails.",
    );
    expect(unsubscribedText(en, { email, what: "digest" })).toBe(
      "Done: mo@example.com will no longer get the daily digest.",
    );
    for (const { kind, label } of NOTIFICATION_MAIL_KINDS) {
      expect(unsubscribedText(en, { email, what: kind })).toBe(`Done: ${email} will no longer get “${label}” emails.`);
    }
  });
});
