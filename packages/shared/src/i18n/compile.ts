// ICU source → Lingui's compiled form (token arrays its small runtime formats without a parser).
// Used at build time for the web app, at start-up by the server, and by the catalogue checks.
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";

export type CompiledCatalogue = Record<string, CompiledMessage>;

/** Throws on the first message that is not valid ICU, naming its id. */
export function compileCatalogue(
  source: Readonly<Record<string, string>>,
  mapText?: (text: string) => string,
): CompiledCatalogue {
  const compiled: CompiledCatalogue = {};
  for (const [id, message] of Object.entries(source)) {
    try {
      compiled[id] = compileMessageOrThrow(message, mapText);
    } catch (error) {
      throw new Error(`Message "${id}" is not valid ICU: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return compiled;
}
