// An English sentence written elsewhere (an AppError's message, a zod schema's message, a per-field
// detail) read back as a catalogue message: word for word, or with its {placeholders} filled in, as
// in "Password must be at least {min} characters" → { id, values: { min: 8 } }. The server's error
// handler and the web app's `sentence()` (for the shared schemas' messages it checks in the
// browser) both read sentences this way, each from its own part of the catalogue.

export type SentenceMatch = { id: string; values: Record<string, string | number> };
export type SentenceMatcher = (english: string) => SentenceMatch | undefined;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A matcher for `[id, English]` pairs; messages with plurals or selects are matched only word for word. */
export function sentenceMatcher(entries: Iterable<readonly [string, string]>): SentenceMatcher {
  const exact = new Map<string, string>();
  const patterns: { id: string; regex: RegExp; names: string[] }[] = [];
  for (const [id, source] of entries) {
    // ICU writes an apostrophe next to a brace as two (''{name}''): the sentence has one.
    const message = source.replace(/''/g, "'");
    if (!message.includes("{")) {
      exact.set(message, id);
      continue;
    }
    // Only plain {name} placeholders can be read back out of a sentence; plurals and selects cannot.
    const parts = message.split(/\{(\w+)\}/);
    if (parts.some((part) => part.includes("{") || part.includes("}"))) continue;
    const names = parts.filter((_, index) => index % 2 === 1);
    const regex = new RegExp(
      `^${parts.map((part, index) => (index % 2 === 1 ? "(.+?)" : escapeRegex(part))).join("")}$`,
    );
    patterns.push({ id, regex, names });
  }
  return (english) => {
    const id = exact.get(english);
    if (id) return { id, values: {} };
    for (const pattern of patterns) {
      const match = pattern.regex.exec(english);
      if (!match) continue;
      const values: Record<string, string | number> = {};
      pattern.names.forEach((name, index) => {
        const value = match[index + 1] ?? "";
        // A number read back is a number again, so the translation's plural can choose its form.
        values[name] = /^\d+$/.test(value) ? Number(value) : value;
      });
      return { id: pattern.id, values };
    }
    return undefined;
  };
}
