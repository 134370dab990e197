// The owner hears when an endpoint is switched off (it answered 410 Gone, or failed every attempt
// for three days): queued in the transaction that switches it off, in the owner's language.
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { toLocale } from "@sitesnag/shared/i18n/locales";
import type { Transaction } from "kysely";
import type { Database, WebhookRow } from "../db/schema";
import { translatorFor } from "../i18n/translate";
import { isSendableAddress } from "../mail/mail-address";
import type { WebhookWorkerDeps } from "./webhook-worker";
import { findWorkspaceOwner } from "./webhooks.repository";

export async function queueWebhookDisabledMail(
  deps: Pick<WebhookWorkerDeps, "mail" | "config">,
  trx: Transaction<Database>,
  webhook: WebhookRow,
  reason: "gone" | "failing",
): Promise<void> {
  const owner = await findWorkspaceOwner(trx, webhook.workspace_id);
  if (!owner || !isSendableAddress(owner.email)) return;
  const locale = toLocale(owner.locale);
  const t = translatorFor(locale);
  await deps.mail.queue(
    {
      to: owner.email,
      toName: `${owner.first_name} ${owner.last_name}`,
      locale,
      subject: t("mail.webhooks.disabled.subject", { product: PRODUCT_NAME }),
      text: [
        t("mail.webhooks.disabled.greeting", { name: owner.first_name }),
        t(reason === "gone" ? "mail.webhooks.disabled.gone" : "mail.webhooks.disabled.failing", { url: webhook.url }),
        t("mail.webhooks.disabled.next", { url: `${deps.config.mail.publicUrl}/app/workspace/webhooks` }),
      ].join("\n\n"),
      reason: t("mail.webhooks.disabled.reason", { product: PRODUCT_NAME }),
    },
    trx,
  );
}
