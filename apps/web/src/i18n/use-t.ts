// `const t = useT()` in a component: the catalogue's message for an id, in the app's language now.
// The component re-renders when the language changes (i18n.ts), so a switch shows at once.
import { useCallback, useSyncExternalStore } from "react";
import { currentLocale, type Message, onLocaleChange, translate, translateSentence, type Values } from "./i18n";

export type Translate = (message: Message, values?: Values) => string;

/** The app's locale (for Intl formatting, lib/format.ts), re-rendering on a switch. */
export const useLocale = (): string => useSyncExternalStore(onLocaleChange, currentLocale, currentLocale);

export function useT(): Translate {
  const locale = useLocale();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language re-renders memoised readers
  return useCallback((message: Message, values?: Values) => translate(message, values), [locale]);
}

/** An id kept for later (a table of navigation items): the build gives it its English, like t(). */
export const msg = (id: Message): Message => id;

/**
 * A sentence of the shared zod schemas that the browser wrote itself (a form checked before it is
 * sent) in the app's language: `sentence(issue.message)`. The server's answers arrive translated
 * already. Call it where `useT()` is read, so a language switch re-renders it.
 */
export const sentence = (english: string): string => translateSentence(english);
