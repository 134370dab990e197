// The one catalogue of messages (issue 35, decision 0050): the web app, the server's answers and
// its email read the same ids. English (UK) is the source: its file names every id, and each
// translation must hold exactly those ids (catalogues.test.ts). The sources are ICU MessageFormat;
// the web app ships them compiled at build time (apps/web/i18n-catalogues.ts), the server compiles
// them once when it starts.

import type { Locale } from "./locales";

// The catalogue is split into areas (messages/<area>/<locale>.json), so a screen's words live
// together and two pieces of work add words without touching the same file. A new area: its
// folder, its six imports below (JSON imports only: vite.config loads this file in plain Node,
// where a relative .ts import would need its extension) and one entry in AREAS.

// admin: the admin panel (tabs, user directory, membership and storage-quota dialogs)
import adminEnGB from "./messages/admin/en-GB.json" with { type: "json" };
import adminEs from "./messages/admin/es.json" with { type: "json" };
import adminLt from "./messages/admin/lt.json" with { type: "json" };
import adminPl from "./messages/admin/pl.json" with { type: "json" };
import adminPtPT from "./messages/admin/pt-PT.json" with { type: "json" };
import adminRo from "./messages/admin/ro.json" with { type: "json" };
// auth: sign-in, sign-up, forgot and reset password, demo, sign-out, unsubscribe
import authEnGB from "./messages/auth/en-GB.json" with { type: "json" };
import authEs from "./messages/auth/es.json" with { type: "json" };
import authLt from "./messages/auth/lt.json" with { type: "json" };
import authPl from "./messages/auth/pl.json" with { type: "json" };
import authPtPT from "./messages/auth/pt-PT.json" with { type: "json" };
import authRo from "./messages/auth/ro.json" with { type: "json" };
// core: the app shell, profile, trash, sign-in errors, the password-reset email
import coreEnGB from "./messages/core/en-GB.json" with { type: "json" };
import coreEs from "./messages/core/es.json" with { type: "json" };
import coreLt from "./messages/core/lt.json" with { type: "json" };
import corePl from "./messages/core/pl.json" with { type: "json" };
import corePtPT from "./messages/core/pt-PT.json" with { type: "json" };
import coreRo from "./messages/core/ro.json" with { type: "json" };
// dashboard: the dashboard's cards and quick actions
import dashboardEnGB from "./messages/dashboard/en-GB.json" with { type: "json" };
import dashboardEs from "./messages/dashboard/es.json" with { type: "json" };
import dashboardLt from "./messages/dashboard/lt.json" with { type: "json" };
import dashboardPl from "./messages/dashboard/pl.json" with { type: "json" };
import dashboardPtPT from "./messages/dashboard/pt-PT.json" with { type: "json" };
import dashboardRo from "./messages/dashboard/ro.json" with { type: "json" };
// projects: the projects list, a project's page (its reports tab), the project form
import projectsEnGB from "./messages/projects/en-GB.json" with { type: "json" };
import projectsEs from "./messages/projects/es.json" with { type: "json" };
import projectsLt from "./messages/projects/lt.json" with { type: "json" };
import projectsPl from "./messages/projects/pl.json" with { type: "json" };
import projectsPtPT from "./messages/projects/pt-PT.json" with { type: "json" };
import projectsRo from "./messages/projects/ro.json" with { type: "json" };
// pwa: the install and update prompts, the offline banner
import pwaEnGB from "./messages/pwa/en-GB.json" with { type: "json" };
import pwaEs from "./messages/pwa/es.json" with { type: "json" };
import pwaLt from "./messages/pwa/lt.json" with { type: "json" };
import pwaPl from "./messages/pwa/pl.json" with { type: "json" };
import pwaPtPT from "./messages/pwa/pt-PT.json" with { type: "json" };
import pwaRo from "./messages/pwa/ro.json" with { type: "json" };
// team: the Team page, invitations, joining a workspace, contacts
import teamEnGB from "./messages/team/en-GB.json" with { type: "json" };
import teamEs from "./messages/team/es.json" with { type: "json" };
import teamLt from "./messages/team/lt.json" with { type: "json" };
import teamPl from "./messages/team/pl.json" with { type: "json" };
import teamPtPT from "./messages/team/pt-PT.json" with { type: "json" };
import teamRo from "./messages/team/ro.json" with { type: "json" };

const AREAS = [
  { "en-GB": coreEnGB, pl: corePl, ro: coreRo, lt: coreLt, "pt-PT": corePtPT, es: coreEs },
  { "en-GB": authEnGB, pl: authPl, ro: authRo, lt: authLt, "pt-PT": authPtPT, es: authEs },
  {
    "en-GB": dashboardEnGB,
    pl: dashboardPl,
    ro: dashboardRo,
    lt: dashboardLt,
    "pt-PT": dashboardPtPT,
    es: dashboardEs,
  },
  { "en-GB": projectsEnGB, pl: projectsPl, ro: projectsRo, lt: projectsLt, "pt-PT": projectsPtPT, es: projectsEs },
  { "en-GB": teamEnGB, pl: teamPl, ro: teamRo, lt: teamLt, "pt-PT": teamPtPT, es: teamEs },
  { "en-GB": pwaEnGB, pl: pwaPl, ro: pwaRo, lt: pwaLt, "pt-PT": pwaPtPT, es: pwaEs },
  { "en-GB": adminEnGB, pl: adminPl, ro: adminRo, lt: adminLt, "pt-PT": adminPtPT, es: adminEs },
] as const;

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
