// The Overview's "By trade" names a standard trade in the app's language; a workspace's own name stays.
import { describe, expect, it } from "vitest";
import { testTranslator } from "../../../i18n/test-translator";
import { tradeName } from "./trade-name";

describe("tradeName", () => {
  it("names SPEC's trades in the reader's language while the workspace keeps their standard names", () => {
    expect(tradeName(testTranslator("pl"), "electrical", "Electrical")).toBe("Elektryka");
    expect(tradeName(testTranslator("es"), "finish", "Finish")).toBe(testTranslator("es")("snagging.category.finish"));
    expect(tradeName(testTranslator("en-GB"), "hvac", "HVAC")).toBe("HVAC");
  });

  it("keeps a renamed standard trade and a workspace's own trade as named", () => {
    const pl = testTranslator("pl");
    expect(tradeName(pl, "electrical", "Sparks & Data")).toBe("Sparks & Data");
    expect(tradeName(pl, "drylining", "Drylining")).toBe("Drylining");
  });
});
