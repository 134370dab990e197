// The compiled catalogues apps/web/i18n-catalogues.ts makes at build time (i18n/format.ts's form):
// a language's messages by their number in this build, the numbers by id, and the matcher of the
// shared schemas' English sentences.
declare module "virtual:catalogue/*" {
  const messages: readonly (readonly (string | readonly [string, string?, unknown?])[] | null)[];
  export default messages;
  export const ids: Readonly<Record<string, number>>;
  export const match: import("@sitesnag/shared/i18n/sentences").SentenceMatcher;
}
