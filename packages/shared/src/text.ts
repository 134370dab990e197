import { z } from "zod";

// C0 control characters and DEL, except tab, line feed and carriage return. PostgreSQL cannot
// store NUL at all, and none of these belong in a name, an address or a description.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTERS_MESSAGE = "Must not contain control characters";

/** A string that refuses control characters, with the message every field uses. */
export const plainString = (options?: { error?: string }) =>
  z.string(options).refine((value) => !CONTROL_CHARACTERS.test(value), CONTROL_CHARACTERS_MESSAGE);
