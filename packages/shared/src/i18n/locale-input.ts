// The user's `locale` as the API accepts it (PATCH /api/users/{id}): any short string, read as a
// shipped locale; an unknown code becomes English rather than a 400 (issue 35's "bad input").
import { z } from "zod";
import { toLocale } from "./locales";

export const LocaleInputSchema = z.string().max(35).transform(toLocale);
