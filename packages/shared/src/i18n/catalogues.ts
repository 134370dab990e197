// The one catalogue of messages (issue 35, decision 0050): the web app, the server's answers and
// its email read the same ids. English (UK) is the source: its file names every id, and each
// translation must hold exactly those ids (catalogues.test.ts). The sources are ICU MessageFormat;
// the web app ships them compiled at build time (apps/web/i18n-catalogues.ts), the server compiles
// them once when it starts.

import type { Locale } from "./locales";
import enGB from "./messages/en-GB.json" with { type: "json" };
import es from "./messages/es.json" with { type: "json" };
import lt from "./messages/lt.json" with { type: "json" };
import pl from "./messages/pl.json" with { type: "json" };
import ptPT from "./messages/pt-PT.json" with { type: "json" };
import ro from "./messages/ro.json" with { type: "json" };

export type MessageId = keyof typeof enGB;
export type SourceCatalogue = Record<MessageId, string>;

export const SOURCE_CATALOGUES: Record<Locale, SourceCatalogue> = {
  "en-GB": enGB,
  pl,
  ro,
  lt,
  "pt-PT": ptPT,
  es,
};
