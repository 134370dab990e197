// Email on the security events a person must hear of even when they did not cause them: a sign-in
// from a device not seen before, a second factor added or removed, the password changed. Written in
// the recipient's language, queued in the caller's transaction when it has one (mail/mailer.ts).
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { toLocale } from "@sitesnag/shared/i18n/locales";
import type { Kysely, Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database, UserRow } from "../db/schema";
import { translatorFor } from "../i18n/translate";
import { isSendableAddress } from "../mail/mail-address";
import { describeDevice } from "./device";
import type { ClientInfo } from "./security-log.repository";

export type SecurityMailKind =
  | "new-device"
  | "factor-added"
  | "factor-removed"
  | "passkey-added"
  | "passkey-removed"
  | "password-changed";

const SUBJECTS = {
  "new-device": "mail.security.newDevice.subject",
  "factor-added": "mail.security.factorAdded.subject",
  "factor-removed": "mail.security.factorRemoved.subject",
  "passkey-added": "mail.security.passkeyAdded.subject",
  "passkey-removed": "mail.security.passkeyRemoved.subject",
  "password-changed": "mail.security.passwordChanged.subject",
} as const;
const BODIES = {
  "new-device": "mail.security.newDevice.body",
  "factor-added": "mail.security.factorAdded.body",
  "factor-removed": "mail.security.factorRemoved.body",
  "passkey-added": "mail.security.passkeyAdded.body",
  "passkey-removed": "mail.security.passkeyRemoved.body",
  "password-changed": "mail.security.passwordChanged.body",
} as const;

export async function queueSecurityMail(
  ctx: AppContext,
  user: UserRow,
  kind: SecurityMailKind,
  client: ClientInfo,
  trx?: Kysely<Database> | Transaction<Database>,
): Promise<void> {
  if (!isSendableAddress(user.email)) return;
  const locale = toLocale(user.locale);
  const t = translatorFor(locale);
  const when = new Date().toISOString().slice(0, 16).replace("T", " ");
  const device = describeDevice(client.userAgent) ?? t("mail.security.unknownDevice");
  await ctx.mail.queue(
    {
      to: user.email,
      toName: `${user.first_name} ${user.last_name}`,
      locale,
      subject: t(SUBJECTS[kind], { product: PRODUCT_NAME }),
      text: [
        t("mail.security.greeting", { name: user.first_name }),
        t(BODIES[kind], { product: PRODUCT_NAME, email: user.email }),
        t("mail.security.where", { device, ip: client.ip ?? "?", when }),
        t("mail.security.notYou", { url: `${ctx.config.mail.publicUrl}/forgot-password` }),
      ].join("\n\n"),
      reason: t("mail.security.reason", { email: user.email, product: PRODUCT_NAME }),
    },
    trx,
  );
}
