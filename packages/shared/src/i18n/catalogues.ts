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

// core: the app shell, profile, trash, sign-in errors, the password-reset email
import coreEnGB from "./messages/core/en-GB.json" with { type: "json" };
import coreEs from "./messages/core/es.json" with { type: "json" };
import coreLt from "./messages/core/lt.json" with { type: "json" };
import corePl from "./messages/core/pl.json" with { type: "json" };
import corePtPT from "./messages/core/pt-PT.json" with { type: "json" };
import coreRo from "./messages/core/ro.json" with { type: "json" };
// sharing: share-link management and the share page /s/{token}
import sharingEnGB from "./messages/sharing/en-GB.json" with { type: "json" };
import sharingEs from "./messages/sharing/es.json" with { type: "json" };
import sharingLt from "./messages/sharing/lt.json" with { type: "json" };
import sharingPl from "./messages/sharing/pl.json" with { type: "json" };
import sharingPtPT from "./messages/sharing/pt-PT.json" with { type: "json" };
import sharingRo from "./messages/sharing/ro.json" with { type: "json" };
// snagging: the report form and list, report detail, statuses/priorities/categories, comments,
// activity, workflow and the snag list dialog
import snaggingEnGB from "./messages/snagging/en-GB.json" with { type: "json" };
import snaggingEs from "./messages/snagging/es.json" with { type: "json" };
import snaggingLt from "./messages/snagging/lt.json" with { type: "json" };
import snaggingPl from "./messages/snagging/pl.json" with { type: "json" };
import snaggingPtPT from "./messages/snagging/pt-PT.json" with { type: "json" };
import snaggingRo from "./messages/snagging/ro.json" with { type: "json" };

const AREAS = [
  { "en-GB": coreEnGB, pl: corePl, ro: coreRo, lt: coreLt, "pt-PT": corePtPT, es: coreEs },
  { "en-GB": snaggingEnGB, pl: snaggingPl, ro: snaggingRo, lt: snaggingLt, "pt-PT": snaggingPtPT, es: snaggingEs },
  { "en-GB": sharingEnGB, pl: sharingPl, ro: sharingRo, lt: sharingLt, "pt-PT": sharingPtPT, es: sharingEs },
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
