import { NO_DESCRIPTION, NO_LOCATION } from "@sitesnag/shared/photo-description";
import { describe, expect, it } from "vitest";
import { testTranslator } from "../i18n/test-translator";
import { placeholderLines, placeholderText } from "./photo-placeholders";

describe("a photo segment's placeholders", () => {
  it("are the codec's own English words, shown in the reader's language; what people typed stays", () => {
    const pl = testTranslator("pl");
    expect(placeholderText(pl, NO_LOCATION)).toBe("Nie podano lokalizacji");
    expect(placeholderText(pl, NO_DESCRIPTION)).toBe("Brak opisu");
    expect(placeholderText(pl, "Kuchnia")).toBe("Kuchnia");
    expect(placeholderLines(pl, `Pęknięta płytka\n${NO_DESCRIPTION}`)).toBe("Pęknięta płytka\nBrak opisu");
    expect(placeholderText(testTranslator("en-GB"), NO_LOCATION)).toBe(NO_LOCATION);
  });
});
