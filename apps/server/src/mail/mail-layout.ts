// Every message's two parts: the plain text and an HTML page with the product's name, the body and
// a footer saying why it was sent (and, for notification mail, how to stop it).
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { DEFAULT_LOCALE, type Locale } from "@sitesnag/shared/i18n/locales";
import { translate } from "../i18n/translate";

export type MailContent = {
  subject: string;
  /** The plain-text body (without the footer). */
  text: string;
  /** The HTML body (without the frame); made from `text` when absent. */
  html?: string | undefined;
  /** Why this person gets this message, one sentence: "You asked to reset your password." */
  reason: string;
  unsubscribeUrl?: string | undefined;
  /** The recipient's language: the footer's words and the page's `lang` (English when absent). */
  locale?: Locale | undefined;
};

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);

/** Paragraphs of plain text as HTML, with bare http(s) links made clickable. */
export function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const escaped = escapeHtml(paragraph).replace(
        /https?:\/\/[^\s<]+/g,
        (url) => `<a href="${url}" style="color:#1d4ed8">${url}</a>`,
      );
      return `<p style="margin:0 0 16px">${escaped.replace(/\n/g, "<br>")}</p>`;
    })
    .join("\n");
}

function footerLines(content: MailContent): string[] {
  const locale = content.locale ?? DEFAULT_LOCALE;
  const lines = [`${content.reason}`, translate(locale, "mail.footer.sentBy", { product: PRODUCT_NAME })];
  if (content.unsubscribeUrl) lines.push(translate(locale, "mail.footer.stopLink", { url: content.unsubscribeUrl }));
  return lines;
}

export function renderText(content: MailContent): string {
  return `${content.text.trimEnd()}\n\n-- \n${footerLines(content).join("\n")}\n`;
}

export function renderHtml(content: MailContent): string {
  const locale = content.locale ?? DEFAULT_LOCALE;
  const body = content.html ?? textToHtml(content.text);
  const unsubscribe = content.unsubscribeUrl
    ? `<br><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#475569">${escapeHtml(translate(locale, "mail.footer.stop"))}</a>`
    : "";
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="font-size:18px;font-weight:700;margin:0 0 16px">${escapeHtml(PRODUCT_NAME)}</p>
<div style="background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px;font-size:15px;line-height:1.5">
${body}
</div>
<p style="font-size:12px;color:#475569;margin:16px 0 0">${escapeHtml(content.reason)}<br>${escapeHtml(translate(locale, "mail.footer.sentBy", { product: PRODUCT_NAME }))}${unsubscribe}</p>
</div></body></html>
`;
}
