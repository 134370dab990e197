import { z } from "zod";

export const CONTROL_CHARACTERS_MESSAGE = "Must not contain control characters";

const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const DELETE = 127;

/**
 * C0 control characters and DEL, except tab, line feed and carriage return. PostgreSQL cannot
 * store NUL at all, and none of these belong in a name, an address or a description.
 */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === DELETE || (code < 32 && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN)) return true;
  }
  return false;
}

export const BROKEN_CHARACTERS_MESSAGE = "Must not contain broken characters (half of an emoji or symbol)";
export const DIRECTION_CONTROLS_MESSAGE = "Must not contain invisible characters that reverse or reorder text";

const HIGH_SURROGATE_FIRST = 0xd800;
const LOW_SURROGATE_FIRST = 0xdc00;
const LOW_SURROGATE_LAST = 0xdfff;

/**
 * Half of a UTF-16 surrogate pair without its other half. It is not text: encoded as UTF-8 it
 * becomes U+FFFD, so what is stored and answered differs from what was sent.
 */
export function hasUnpairedSurrogates(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < HIGH_SURROGATE_FIRST || code > LOW_SURROGATE_LAST) continue;
    if (code >= LOW_SURROGATE_FIRST) return true;
    const next = value.charCodeAt(i + 1);
    if (!(next >= LOW_SURROGATE_FIRST && next <= LOW_SURROGATE_LAST)) return true;
    i += 1;
  }
  return false;
}

/**
 * The bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): invisible,
 * they make "Invoice\u202Efdp.exe" read as "Invoiceexe.pdf" in a list, a PDF or a spreadsheet.
 * The direction marks (U+200E, U+200F, U+061C), which right-to-left writing needs and which cannot
 * reorder what follows them, are allowed.
 */
export function hasDirectionControls(value: string): boolean {
  return /[\u202a-\u202e\u2066-\u2069]/.test(value);
}

/** Any character plainString refuses. */
export const hasUnsafeCharacters = (value: string): boolean =>
  hasControlCharacters(value) || hasUnpairedSurrogates(value) || hasDirectionControls(value);

/** A string that refuses control characters, broken characters and direction controls, each with its sentence. */
export const plainString = (options?: { error?: string }) =>
  z
    .string(options)
    .refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_MESSAGE)
    .refine((value) => !hasUnpairedSurrogates(value), BROKEN_CHARACTERS_MESSAGE)
    .refine((value) => !hasDirectionControls(value), DIRECTION_CONTROLS_MESSAGE);
