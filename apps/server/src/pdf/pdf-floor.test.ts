// pdf/ is the bottom floor of every PDF (report, snag list, audit): its own types, page furniture,
// photos and fonts. Each feature's PDF composes sections from it; it imports no feature, so a
// feature's PDF can never reach back into itself through the toolkit (issue 33).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
/**
 * What pdf/ may build on outside itself: the table types, the shared date and number formats, and
 * the catalogue's translator (i18n/, below every feature: it reads only the shared catalogue).
 */
const BELOW = new Set(["../db/schema", "../format", "../i18n/translate"]);

describe("pdf/", () => {
  it("imports nothing from a feature folder", () => {
    const files = readdirSync(here).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
    expect(files.length).toBeGreaterThan(3);
    const above = files.flatMap((file) =>
      [...readFileSync(path.join(here, file), "utf8").matchAll(/\bfrom\s+"(\.[^"]+)"/g)]
        .map((match) => match[1] as string)
        .filter((specifier) => !specifier.startsWith("./") && !BELOW.has(specifier))
        .map((specifier) => `${file} imports ${specifier}`),
    );
    expect(above).toEqual([]);
  });
});
