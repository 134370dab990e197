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

/** A string that refuses control characters, with the message every field uses. */
export const plainString = (options?: { error?: string }) =>
  z.string(options).refine((value) => !hasControlCharacters(value), CONTROL_CHARACTERS_MESSAGE);
