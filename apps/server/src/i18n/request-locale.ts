// Which language an answer speaks: the signed-in user's chosen `locale`, else the browser's
// Accept-Language (sign-in, sign-up and password-reset screens), else English.
import { type Locale, negotiateLocale, toLocale } from "@sitesnag/shared/i18n/locales";
import type { FastifyRequest } from "fastify";

export function requestLocale(request: FastifyRequest): Locale {
  const user = request.currentUser;
  if (user) return toLocale(user.locale);
  return negotiateLocale(request.headers["accept-language"]);
}
