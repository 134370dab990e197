// The compiled catalogues apps/web/i18n-catalogues.ts makes at build time (i18n/format.ts's form),
// with the matcher of the shared schemas' English sentences.
declare module "virtual:catalogue/*" {
  const messages: Record<string, readonly (string | readonly [string, string?, unknown?])[]>;
  export default messages;
  export const match: import("@sitesnag/shared/i18n/sentences").SentenceMatcher;
}
