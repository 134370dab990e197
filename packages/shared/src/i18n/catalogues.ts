// The one catalogue of messages (issue 35, decision 0050): the web app, the server's answers and
// its email read the same ids. English (UK) is the source: its file names every id, and each
// translation must hold exactly those ids (catalogues.test.ts). The sources are ICU MessageFormat;
// the web app ships them compiled at build time (apps/web/i18n-catalogues.ts), the server compiles
// them once when it starts.

import type { Locale } from "./locales";

// The catalogue is split into areas (messages/<area>/<locale>.json), so a screen's words live
// together and two pieces of work add words without touching the same file. A new area: its
// folder, then `node scripts/i18n-areas.mjs` writes the block below (JSON imports only: vite.config
// loads this file in plain Node, where a relative .ts import would need its extension).
// <areas> (written by scripts/i18n-areas.mjs)
import adminEnGB from "./messages/admin/en-GB.json" with { type: "json" };
import adminEs from "./messages/admin/es.json" with { type: "json" };
import adminLt from "./messages/admin/lt.json" with { type: "json" };
import adminPl from "./messages/admin/pl.json" with { type: "json" };
import adminPtPT from "./messages/admin/pt-PT.json" with { type: "json" };
import adminRo from "./messages/admin/ro.json" with { type: "json" };
import auditTemplateEnGB from "./messages/audit-template/en-GB.json" with { type: "json" };
import auditTemplateEs from "./messages/audit-template/es.json" with { type: "json" };
import auditTemplateLt from "./messages/audit-template/lt.json" with { type: "json" };
import auditTemplatePl from "./messages/audit-template/pl.json" with { type: "json" };
import auditTemplatePtPT from "./messages/audit-template/pt-PT.json" with { type: "json" };
import auditTemplateRo from "./messages/audit-template/ro.json" with { type: "json" };
import auditsEnGB from "./messages/audits/en-GB.json" with { type: "json" };
import auditsEs from "./messages/audits/es.json" with { type: "json" };
import auditsLt from "./messages/audits/lt.json" with { type: "json" };
import auditsPl from "./messages/audits/pl.json" with { type: "json" };
import auditsPtPT from "./messages/audits/pt-PT.json" with { type: "json" };
import auditsRo from "./messages/audits/ro.json" with { type: "json" };
import authEnGB from "./messages/auth/en-GB.json" with { type: "json" };
import authEs from "./messages/auth/es.json" with { type: "json" };
import authLt from "./messages/auth/lt.json" with { type: "json" };
import authPl from "./messages/auth/pl.json" with { type: "json" };
import authPtPT from "./messages/auth/pt-PT.json" with { type: "json" };
import authRo from "./messages/auth/ro.json" with { type: "json" };
import bcfEnGB from "./messages/bcf/en-GB.json" with { type: "json" };
import bcfEs from "./messages/bcf/es.json" with { type: "json" };
import bcfLt from "./messages/bcf/lt.json" with { type: "json" };
import bcfPl from "./messages/bcf/pl.json" with { type: "json" };
import bcfPtPT from "./messages/bcf/pt-PT.json" with { type: "json" };
import bcfRo from "./messages/bcf/ro.json" with { type: "json" };
import coreEnGB from "./messages/core/en-GB.json" with { type: "json" };
import coreEs from "./messages/core/es.json" with { type: "json" };
import coreLt from "./messages/core/lt.json" with { type: "json" };
import corePl from "./messages/core/pl.json" with { type: "json" };
import corePtPT from "./messages/core/pt-PT.json" with { type: "json" };
import coreRo from "./messages/core/ro.json" with { type: "json" };
import dashboardEnGB from "./messages/dashboard/en-GB.json" with { type: "json" };
import dashboardEs from "./messages/dashboard/es.json" with { type: "json" };
import dashboardLt from "./messages/dashboard/lt.json" with { type: "json" };
import dashboardPl from "./messages/dashboard/pl.json" with { type: "json" };
import dashboardPtPT from "./messages/dashboard/pt-PT.json" with { type: "json" };
import dashboardRo from "./messages/dashboard/ro.json" with { type: "json" };
import draftsEnGB from "./messages/drafts/en-GB.json" with { type: "json" };
import draftsEs from "./messages/drafts/es.json" with { type: "json" };
import draftsLt from "./messages/drafts/lt.json" with { type: "json" };
import draftsPl from "./messages/drafts/pl.json" with { type: "json" };
import draftsPtPT from "./messages/drafts/pt-PT.json" with { type: "json" };
import draftsRo from "./messages/drafts/ro.json" with { type: "json" };
import finEnGB from "./messages/fin/en-GB.json" with { type: "json" };
import finEs from "./messages/fin/es.json" with { type: "json" };
import finLt from "./messages/fin/lt.json" with { type: "json" };
import finPl from "./messages/fin/pl.json" with { type: "json" };
import finPtPT from "./messages/fin/pt-PT.json" with { type: "json" };
import finRo from "./messages/fin/ro.json" with { type: "json" };
import historyEnGB from "./messages/history/en-GB.json" with { type: "json" };
import historyEs from "./messages/history/es.json" with { type: "json" };
import historyLt from "./messages/history/lt.json" with { type: "json" };
import historyPl from "./messages/history/pl.json" with { type: "json" };
import historyPtPT from "./messages/history/pt-PT.json" with { type: "json" };
import historyRo from "./messages/history/ro.json" with { type: "json" };
import insightEnGB from "./messages/insight/en-GB.json" with { type: "json" };
import insightEs from "./messages/insight/es.json" with { type: "json" };
import insightLt from "./messages/insight/lt.json" with { type: "json" };
import insightPl from "./messages/insight/pl.json" with { type: "json" };
import insightPtPT from "./messages/insight/pt-PT.json" with { type: "json" };
import insightRo from "./messages/insight/ro.json" with { type: "json" };
import locationsEnGB from "./messages/locations/en-GB.json" with { type: "json" };
import locationsEs from "./messages/locations/es.json" with { type: "json" };
import locationsLt from "./messages/locations/lt.json" with { type: "json" };
import locationsPl from "./messages/locations/pl.json" with { type: "json" };
import locationsPtPT from "./messages/locations/pt-PT.json" with { type: "json" };
import locationsRo from "./messages/locations/ro.json" with { type: "json" };
import locationsUiEnGB from "./messages/locations-ui/en-GB.json" with { type: "json" };
import locationsUiEs from "./messages/locations-ui/es.json" with { type: "json" };
import locationsUiLt from "./messages/locations-ui/lt.json" with { type: "json" };
import locationsUiPl from "./messages/locations-ui/pl.json" with { type: "json" };
import locationsUiPtPT from "./messages/locations-ui/pt-PT.json" with { type: "json" };
import locationsUiRo from "./messages/locations-ui/ro.json" with { type: "json" };
import mailEnGB from "./messages/mail/en-GB.json" with { type: "json" };
import mailEs from "./messages/mail/es.json" with { type: "json" };
import mailLt from "./messages/mail/lt.json" with { type: "json" };
import mailPl from "./messages/mail/pl.json" with { type: "json" };
import mailPtPT from "./messages/mail/pt-PT.json" with { type: "json" };
import mailRo from "./messages/mail/ro.json" with { type: "json" };
import passkeysEnGB from "./messages/passkeys/en-GB.json" with { type: "json" };
import passkeysEs from "./messages/passkeys/es.json" with { type: "json" };
import passkeysLt from "./messages/passkeys/lt.json" with { type: "json" };
import passkeysPl from "./messages/passkeys/pl.json" with { type: "json" };
import passkeysPtPT from "./messages/passkeys/pt-PT.json" with { type: "json" };
import passkeysRo from "./messages/passkeys/ro.json" with { type: "json" };
import pdfEnGB from "./messages/pdf/en-GB.json" with { type: "json" };
import pdfEs from "./messages/pdf/es.json" with { type: "json" };
import pdfLt from "./messages/pdf/lt.json" with { type: "json" };
import pdfPl from "./messages/pdf/pl.json" with { type: "json" };
import pdfPtPT from "./messages/pdf/pt-PT.json" with { type: "json" };
import pdfRo from "./messages/pdf/ro.json" with { type: "json" };
import plansEnGB from "./messages/plans/en-GB.json" with { type: "json" };
import plansEs from "./messages/plans/es.json" with { type: "json" };
import plansLt from "./messages/plans/lt.json" with { type: "json" };
import plansPl from "./messages/plans/pl.json" with { type: "json" };
import plansPtPT from "./messages/plans/pt-PT.json" with { type: "json" };
import plansRo from "./messages/plans/ro.json" with { type: "json" };
import projectsEnGB from "./messages/projects/en-GB.json" with { type: "json" };
import projectsEs from "./messages/projects/es.json" with { type: "json" };
import projectsLt from "./messages/projects/lt.json" with { type: "json" };
import projectsPl from "./messages/projects/pl.json" with { type: "json" };
import projectsPtPT from "./messages/projects/pt-PT.json" with { type: "json" };
import projectsRo from "./messages/projects/ro.json" with { type: "json" };
import pwaEnGB from "./messages/pwa/en-GB.json" with { type: "json" };
import pwaEs from "./messages/pwa/es.json" with { type: "json" };
import pwaLt from "./messages/pwa/lt.json" with { type: "json" };
import pwaPl from "./messages/pwa/pl.json" with { type: "json" };
import pwaPtPT from "./messages/pwa/pt-PT.json" with { type: "json" };
import pwaRo from "./messages/pwa/ro.json" with { type: "json" };
import searchEnGB from "./messages/search/en-GB.json" with { type: "json" };
import searchEs from "./messages/search/es.json" with { type: "json" };
import searchLt from "./messages/search/lt.json" with { type: "json" };
import searchPl from "./messages/search/pl.json" with { type: "json" };
import searchPtPT from "./messages/search/pt-PT.json" with { type: "json" };
import searchRo from "./messages/search/ro.json" with { type: "json" };
import securityEnGB from "./messages/security/en-GB.json" with { type: "json" };
import securityEs from "./messages/security/es.json" with { type: "json" };
import securityLt from "./messages/security/lt.json" with { type: "json" };
import securityPl from "./messages/security/pl.json" with { type: "json" };
import securityPtPT from "./messages/security/pt-PT.json" with { type: "json" };
import securityRo from "./messages/security/ro.json" with { type: "json" };
import serverEnGB from "./messages/server/en-GB.json" with { type: "json" };
import serverEs from "./messages/server/es.json" with { type: "json" };
import serverLt from "./messages/server/lt.json" with { type: "json" };
import serverPl from "./messages/server/pl.json" with { type: "json" };
import serverPtPT from "./messages/server/pt-PT.json" with { type: "json" };
import serverRo from "./messages/server/ro.json" with { type: "json" };
import sharingEnGB from "./messages/sharing/en-GB.json" with { type: "json" };
import sharingEs from "./messages/sharing/es.json" with { type: "json" };
import sharingLt from "./messages/sharing/lt.json" with { type: "json" };
import sharingPl from "./messages/sharing/pl.json" with { type: "json" };
import sharingPtPT from "./messages/sharing/pt-PT.json" with { type: "json" };
import sharingRo from "./messages/sharing/ro.json" with { type: "json" };
import snaggingEnGB from "./messages/snagging/en-GB.json" with { type: "json" };
import snaggingEs from "./messages/snagging/es.json" with { type: "json" };
import snaggingLt from "./messages/snagging/lt.json" with { type: "json" };
import snaggingPl from "./messages/snagging/pl.json" with { type: "json" };
import snaggingPtPT from "./messages/snagging/pt-PT.json" with { type: "json" };
import snaggingRo from "./messages/snagging/ro.json" with { type: "json" };
import ssoEnGB from "./messages/sso/en-GB.json" with { type: "json" };
import ssoEs from "./messages/sso/es.json" with { type: "json" };
import ssoLt from "./messages/sso/lt.json" with { type: "json" };
import ssoPl from "./messages/sso/pl.json" with { type: "json" };
import ssoPtPT from "./messages/sso/pt-PT.json" with { type: "json" };
import ssoRo from "./messages/sso/ro.json" with { type: "json" };
import syncEnGB from "./messages/sync/en-GB.json" with { type: "json" };
import syncEs from "./messages/sync/es.json" with { type: "json" };
import syncLt from "./messages/sync/lt.json" with { type: "json" };
import syncPl from "./messages/sync/pl.json" with { type: "json" };
import syncPtPT from "./messages/sync/pt-PT.json" with { type: "json" };
import syncRo from "./messages/sync/ro.json" with { type: "json" };
import teamEnGB from "./messages/team/en-GB.json" with { type: "json" };
import teamEs from "./messages/team/es.json" with { type: "json" };
import teamLt from "./messages/team/lt.json" with { type: "json" };
import teamPl from "./messages/team/pl.json" with { type: "json" };
import teamPtPT from "./messages/team/pt-PT.json" with { type: "json" };
import teamRo from "./messages/team/ro.json" with { type: "json" };
import toastsEnGB from "./messages/toasts/en-GB.json" with { type: "json" };
import toastsEs from "./messages/toasts/es.json" with { type: "json" };
import toastsLt from "./messages/toasts/lt.json" with { type: "json" };
import toastsPl from "./messages/toasts/pl.json" with { type: "json" };
import toastsPtPT from "./messages/toasts/pt-PT.json" with { type: "json" };
import toastsRo from "./messages/toasts/ro.json" with { type: "json" };
import tokensEnGB from "./messages/tokens/en-GB.json" with { type: "json" };
import tokensEs from "./messages/tokens/es.json" with { type: "json" };
import tokensLt from "./messages/tokens/lt.json" with { type: "json" };
import tokensPl from "./messages/tokens/pl.json" with { type: "json" };
import tokensPtPT from "./messages/tokens/pt-PT.json" with { type: "json" };
import tokensRo from "./messages/tokens/ro.json" with { type: "json" };
import tradesEnGB from "./messages/trades/en-GB.json" with { type: "json" };
import tradesEs from "./messages/trades/es.json" with { type: "json" };
import tradesLt from "./messages/trades/lt.json" with { type: "json" };
import tradesPl from "./messages/trades/pl.json" with { type: "json" };
import tradesPtPT from "./messages/trades/pt-PT.json" with { type: "json" };
import tradesRo from "./messages/trades/ro.json" with { type: "json" };
import validationEnGB from "./messages/validation/en-GB.json" with { type: "json" };
import validationEs from "./messages/validation/es.json" with { type: "json" };
import validationLt from "./messages/validation/lt.json" with { type: "json" };
import validationPl from "./messages/validation/pl.json" with { type: "json" };
import validationPtPT from "./messages/validation/pt-PT.json" with { type: "json" };
import validationRo from "./messages/validation/ro.json" with { type: "json" };
import webhooksEnGB from "./messages/webhooks/en-GB.json" with { type: "json" };
import webhooksEs from "./messages/webhooks/es.json" with { type: "json" };
import webhooksLt from "./messages/webhooks/lt.json" with { type: "json" };
import webhooksPl from "./messages/webhooks/pl.json" with { type: "json" };
import webhooksPtPT from "./messages/webhooks/pt-PT.json" with { type: "json" };
import webhooksRo from "./messages/webhooks/ro.json" with { type: "json" };
import weeklyReportEnGB from "./messages/weekly-report/en-GB.json" with { type: "json" };
import weeklyReportEs from "./messages/weekly-report/es.json" with { type: "json" };
import weeklyReportLt from "./messages/weekly-report/lt.json" with { type: "json" };
import weeklyReportPl from "./messages/weekly-report/pl.json" with { type: "json" };
import weeklyReportPtPT from "./messages/weekly-report/pt-PT.json" with { type: "json" };
import weeklyReportRo from "./messages/weekly-report/ro.json" with { type: "json" };

const AREAS = [
  { "en-GB": adminEnGB, pl: adminPl, ro: adminRo, lt: adminLt, "pt-PT": adminPtPT, es: adminEs },
  {
    "en-GB": auditTemplateEnGB,
    pl: auditTemplatePl,
    ro: auditTemplateRo,
    lt: auditTemplateLt,
    "pt-PT": auditTemplatePtPT,
    es: auditTemplateEs,
  },
  { "en-GB": auditsEnGB, pl: auditsPl, ro: auditsRo, lt: auditsLt, "pt-PT": auditsPtPT, es: auditsEs },
  { "en-GB": authEnGB, pl: authPl, ro: authRo, lt: authLt, "pt-PT": authPtPT, es: authEs },
  { "en-GB": bcfEnGB, pl: bcfPl, ro: bcfRo, lt: bcfLt, "pt-PT": bcfPtPT, es: bcfEs },
  { "en-GB": coreEnGB, pl: corePl, ro: coreRo, lt: coreLt, "pt-PT": corePtPT, es: coreEs },
  {
    "en-GB": dashboardEnGB,
    pl: dashboardPl,
    ro: dashboardRo,
    lt: dashboardLt,
    "pt-PT": dashboardPtPT,
    es: dashboardEs,
  },
  { "en-GB": draftsEnGB, pl: draftsPl, ro: draftsRo, lt: draftsLt, "pt-PT": draftsPtPT, es: draftsEs },
  { "en-GB": finEnGB, pl: finPl, ro: finRo, lt: finLt, "pt-PT": finPtPT, es: finEs },
  { "en-GB": historyEnGB, pl: historyPl, ro: historyRo, lt: historyLt, "pt-PT": historyPtPT, es: historyEs },
  { "en-GB": insightEnGB, pl: insightPl, ro: insightRo, lt: insightLt, "pt-PT": insightPtPT, es: insightEs },
  {
    "en-GB": locationsEnGB,
    pl: locationsPl,
    ro: locationsRo,
    lt: locationsLt,
    "pt-PT": locationsPtPT,
    es: locationsEs,
  },
  {
    "en-GB": locationsUiEnGB,
    pl: locationsUiPl,
    ro: locationsUiRo,
    lt: locationsUiLt,
    "pt-PT": locationsUiPtPT,
    es: locationsUiEs,
  },
  { "en-GB": mailEnGB, pl: mailPl, ro: mailRo, lt: mailLt, "pt-PT": mailPtPT, es: mailEs },
  { "en-GB": passkeysEnGB, pl: passkeysPl, ro: passkeysRo, lt: passkeysLt, "pt-PT": passkeysPtPT, es: passkeysEs },
  { "en-GB": pdfEnGB, pl: pdfPl, ro: pdfRo, lt: pdfLt, "pt-PT": pdfPtPT, es: pdfEs },
  { "en-GB": plansEnGB, pl: plansPl, ro: plansRo, lt: plansLt, "pt-PT": plansPtPT, es: plansEs },
  { "en-GB": projectsEnGB, pl: projectsPl, ro: projectsRo, lt: projectsLt, "pt-PT": projectsPtPT, es: projectsEs },
  { "en-GB": pwaEnGB, pl: pwaPl, ro: pwaRo, lt: pwaLt, "pt-PT": pwaPtPT, es: pwaEs },
  { "en-GB": searchEnGB, pl: searchPl, ro: searchRo, lt: searchLt, "pt-PT": searchPtPT, es: searchEs },
  { "en-GB": securityEnGB, pl: securityPl, ro: securityRo, lt: securityLt, "pt-PT": securityPtPT, es: securityEs },
  { "en-GB": serverEnGB, pl: serverPl, ro: serverRo, lt: serverLt, "pt-PT": serverPtPT, es: serverEs },
  { "en-GB": sharingEnGB, pl: sharingPl, ro: sharingRo, lt: sharingLt, "pt-PT": sharingPtPT, es: sharingEs },
  { "en-GB": snaggingEnGB, pl: snaggingPl, ro: snaggingRo, lt: snaggingLt, "pt-PT": snaggingPtPT, es: snaggingEs },
  { "en-GB": ssoEnGB, pl: ssoPl, ro: ssoRo, lt: ssoLt, "pt-PT": ssoPtPT, es: ssoEs },
  { "en-GB": syncEnGB, pl: syncPl, ro: syncRo, lt: syncLt, "pt-PT": syncPtPT, es: syncEs },
  { "en-GB": teamEnGB, pl: teamPl, ro: teamRo, lt: teamLt, "pt-PT": teamPtPT, es: teamEs },
  { "en-GB": toastsEnGB, pl: toastsPl, ro: toastsRo, lt: toastsLt, "pt-PT": toastsPtPT, es: toastsEs },
  { "en-GB": tokensEnGB, pl: tokensPl, ro: tokensRo, lt: tokensLt, "pt-PT": tokensPtPT, es: tokensEs },
  { "en-GB": tradesEnGB, pl: tradesPl, ro: tradesRo, lt: tradesLt, "pt-PT": tradesPtPT, es: tradesEs },
  {
    "en-GB": validationEnGB,
    pl: validationPl,
    ro: validationRo,
    lt: validationLt,
    "pt-PT": validationPtPT,
    es: validationEs,
  },
  { "en-GB": webhooksEnGB, pl: webhooksPl, ro: webhooksRo, lt: webhooksLt, "pt-PT": webhooksPtPT, es: webhooksEs },
  {
    "en-GB": weeklyReportEnGB,
    pl: weeklyReportPl,
    ro: weeklyReportRo,
    lt: weeklyReportLt,
    "pt-PT": weeklyReportPtPT,
    es: weeklyReportEs,
  },
] as const;
// </areas>

type Area = (typeof AREAS)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

export type MessageId = keyof UnionToIntersection<Area["en-GB"]>;
export type SourceCatalogue = Record<MessageId, string>;

function join(locale: Locale): SourceCatalogue {
  const joined: Record<string, string> = {};
  for (const area of AREAS) {
    for (const [id, text] of Object.entries(area[locale] as Record<string, string>)) {
      if (id in joined) throw new Error(`i18n: the id "${id}" is in two areas of the catalogue`);
      joined[id] = text;
    }
  }
  return joined as SourceCatalogue;
}

export const SOURCE_CATALOGUES: Record<Locale, SourceCatalogue> = {
  "en-GB": join("en-GB"),
  pl: join("pl"),
  ro: join("ro"),
  lt: join("lt"),
  "pt-PT": join("pt-PT"),
  es: join("es"),
};
