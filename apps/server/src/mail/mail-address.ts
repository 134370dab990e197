// What may go into an address or a header: a mail header ends at a line break, so a name or subject
// carrying "\r\nBcc: …" must never reach the message as a line of its own.
import { AppError } from "../http/errors";

const ADDRESS_MAX = 254;
// A deliberately plain shape: one local part without spaces, quotes or brackets, and a dotted
// domain of letters, digits and hyphens. Anything else is refused rather than guessed at.
const ADDRESS_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isSendableAddress(address: string): boolean {
  return address.length <= ADDRESS_MAX && ADDRESS_PATTERN.test(address);
}

/** Refuses, with a sentence, an address no mail server should be handed. */
export function requireSendableAddress(address: string): string {
  if (!isSendableAddress(address)) {
    throw new AppError(400, "That email address cannot receive mail. Please check it.", {
      email: ["That email address cannot receive mail. Please check it."],
    });
  }
  return address;
}

/** One line of header text: control characters (line breaks included) become spaces. */
export function headerText(value: string, max = 200): string {
  return value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .trim()
    .slice(0, max);
}
