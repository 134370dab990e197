// A notification kind's name as people read it ("Assigned to me"), in the reader's language: the
// instant email's reason line, a batch's sentence and the unsubscribe answer.
import type { MessageId } from "@sitesnag/shared/i18n/catalogues";
import type { Translator } from "../i18n/translate";

const KIND_LABELS: Record<string, MessageId> = {
  assigned: "mail.kind.assigned",
  status: "mail.kind.status",
  mention: "mail.kind.mention",
  fix_awaiting_verification: "mail.kind.fixAwaitingVerification",
  fix_accepted: "mail.kind.fixAccepted",
  fix_rejected: "mail.kind.fixRejected",
  due: "mail.kind.due",
};

export const kindLabel = (kind: string, t: Translator): string => t(KIND_LABELS[kind] ?? "mail.kind.other");
