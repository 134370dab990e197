// The snag form shows its rules' messages in the reader's language: each English message of
// report-form-rules.ts has its catalogue message, whose English is the rule's word for word (SPEC §5),
// and Polish picks its plural for the photo counts.
import { SOURCE_CATALOGUES } from "@sitesnag/shared/i18n/catalogues";
import { compileCatalogue } from "@sitesnag/shared/i18n/compile";
import { describe, expect, it } from "vitest";
import { type Compiled, formatMessage, type Values } from "../../../i18n/format";
import type { Message } from "../../../i18n/i18n";
import { translateFormErrors } from "./report-form-messages";
import { validateReportForm } from "./report-form-rules";

const translator = (locale: "en-GB" | "pl") => {
  const compiled = compileCatalogue(SOURCE_CATALOGUES[locale]) as Record<string, Compiled>;
  return (message: Message, values: Values = {}) => {
    const id = typeof message === "string" ? message : message[0];
    const tokens = compiled[id];
    if (!tokens) throw new Error(`no message ${id}`);
    return formatMessage(tokens, values, locale);
  };
};
const photo = (location: string, description: string, isReady = true) => ({ location, description, isReady });
const EMPTY = { projectId: "", title: "", priority: "" as const, dueDate: "2000-01-01", assignedTo: "" };
const TODAY = "2026-11-23";

describe("translateFormErrors", () => {
  const cases = [
    { newPhotos: [], keptPhotoCount: 0, mode: "create" as const },
    { newPhotos: [photo("", "x"), photo("", "y"), photo("k", "z")], keptPhotoCount: 0, mode: "create" as const },
    { newPhotos: [photo("a", ""), photo("b", "")], keptPhotoCount: 0, mode: "create" as const },
    { newPhotos: [photo("a", "b", false)], keptPhotoCount: 0, mode: "create" as const },
  ];

  it.each(cases)("says in English exactly what the rules say (%#)", (photos) => {
    const english = validateReportForm(EMPTY, photos, TODAY);
    expect(Object.keys(english).length).toBeGreaterThan(0);
    expect(translateFormErrors(translator("en-GB"), english, photos.newPhotos.length)).toEqual(english);
  });

  it("says each of them in Polish, with Polish plurals", () => {
    const pl = translator("pl");
    expect(translateFormErrors(pl, validateReportForm(EMPTY, cases[0] as (typeof cases)[0], TODAY), 0)).toEqual({
      projectId: "Projekt jest wymagany",
      title: "Numer referencyjny jest wymagany",
      priority: "Priorytet jest wymagany",
      dueDate: "Termin nie może być wcześniejszy niż dziś",
      photos: "Dodaj co najmniej jedno zdjęcie miejsca usterki",
    });
    const five = Array.from({ length: 5 }, () => photo("", "x"));
    const errors = validateReportForm(EMPTY, { newPhotos: five, keptPhotoCount: 0, mode: "create" }, TODAY);
    expect(translateFormErrors(pl, errors, 5).photos).toBe("Podaj miejsce dla wszystkich 5 zdjęć");
    const two = [photo("a", ""), photo("b", "")];
    const described = validateReportForm(EMPTY, { newPhotos: two, keptPhotoCount: 0, mode: "create" }, TODAY);
    expect(translateFormErrors(pl, described, 2).photos).toBe("Dodaj opisy do wszystkich 2 zdjęć");
  });
});
