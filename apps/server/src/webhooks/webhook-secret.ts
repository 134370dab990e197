// A webhook's signing secret: `whsec_` + base64 of 32 random bytes, the Standard Webhooks form the
// `standardwebhooks` library reads. It is kept encrypted (the worker must read it to sign) and
// shown to the owner once, at creation.
import { randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "@sitesnag/shared/webhooks";
import type { SecretBox } from "../auth/secret-box";

const PURPOSE = "webhook-secret";

export const newWebhookSecret = (): string => `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString("base64")}`;

export const sealWebhookSecret = (box: SecretBox, secret: string): string => box.seal(secret, PURPOSE);

export const openWebhookSecret = (box: SecretBox, sealed: string): string | null => box.open(sealed, PURPOSE);
