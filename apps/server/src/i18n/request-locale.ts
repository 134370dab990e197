// Which language an answer speaks: the signed-in user's chosen `locale`, else the browser's
// Accept-Language (sign-in, sign-up and password-reset screens), else English.
import { type Locale, negotiateLocale, toLocale } from "@sitesnag/shared/i18n/locales";
import type { FastifyRequest } from "fastify";

export function requestLocale(request: FastifyRequest): Locale {
  const user = request.currentUser;
  if (user) return toLocale(user.locale);
  return negotiateLocale(request.headers["accept-language"]);
}

/**
 * The language of a download (a PDF): `?lang=` when the request names one (a report for a client
 * in their language; an unknown code is English, never an error), else the reader's own.
 */
export function downloadLocale(request: FastifyRequest): Locale {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  return typeof lang === "string" ? toLocale(lang) : requestLocale(request);
}
