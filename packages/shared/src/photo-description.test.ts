import { describe, expect, it } from "vitest";
import {
  NO_DESCRIPTION,
  NO_LOCATION,
  pairPhotoSegments,
  parsePhotoDescription,
  writePhotoDescription,
} from "./photo-description";

describe("writePhotoDescription", () => {
  it("writes one numbered segment per photo, separated by blank lines", () => {
    expect(
      writePhotoDescription([
        { location: "Flat 2.04 kitchen", description: "Cracked tile" },
        { location: " Stair B ", description: " Loose handrail \n" },
      ]),
    ).toBe("📷 Photo 1 - Flat 2.04 kitchen: Cracked tile\n\n📷 Photo 2 - Stair B: Loose handrail");
  });

  it("writes nothing for no photos", () => {
    expect(writePhotoDescription([])).toBe("");
  });

  it("round-trips locations with colons, newlines and markers, and multi-line descriptions", () => {
    const photos = [
      { location: "Level 2: Room 3\nnorth wall", description: "Line one\nLine two: with a colon" },
      { location: "📷 Photo 9 - fake", description: "Text with 📷 Photo 7 - injected: marker" },
      { location: "Café – façade 🏗️", description: "Ünïcödé ✓" },
    ];
    const parsed = parsePhotoDescription(writePhotoDescription(photos));
    expect(parsed).toHaveLength(3);
    expect(parsed[0]).toEqual({
      number: 1,
      matched: true,
      location: "Level 2∶ Room 3 north wall",
      description: "Line one\nLine two: with a colon",
    });
    expect(parsed[1]).toMatchObject({
      number: 2,
      location: "Photo 9 - fake",
      description: "Text with  Photo 7 - injected: marker",
    });
    expect(parsed[2]).toMatchObject({ number: 3, location: "Café – façade 🏗️", description: "Ünïcödé ✓" });
  });

  it("keeps empty fields parseable, reading back as the fallbacks", () => {
    const parsed = parsePhotoDescription(writePhotoDescription([{ location: "", description: "" }]));
    expect(parsed).toEqual([{ number: 1, matched: true, location: NO_LOCATION, description: NO_DESCRIPTION }]);
  });
});

describe("parsePhotoDescription", () => {
  it("reads well-formed segments", () => {
    expect(parsePhotoDescription("📷 Photo 1 - Lobby: Scuffed wall 📷 Photo 2 - Roof: Missing tile")).toEqual([
      { number: 1, matched: true, location: "Lobby", description: "Scuffed wall" },
      { number: 2, matched: true, location: "Roof", description: "Missing tile" },
    ]);
  });

  it("answers nothing for an empty or blank description", () => {
    expect(parsePhotoDescription("")).toEqual([]);
    expect(parsePhotoDescription(" \n\t ")).toEqual([]);
  });

  it("treats free text without markers as one unmatched segment", () => {
    expect(parsePhotoDescription("Just a note")).toEqual([
      { number: null, matched: false, location: NO_LOCATION, description: "Just a note" },
    ]);
  });

  it("keeps text before the first marker as its own segment", () => {
    const parsed = parsePhotoDescription("Preamble\n📷 Photo 1 - Hall: Dent");
    expect(parsed.map((s) => s.description)).toEqual(["Preamble", "Dent"]);
  });

  it.each([
    ["📷 Photo 1 no dash", "no dash"],
    ["📷 Photo 1 - no colon at all", "no colon at all"],
    ["📷 Photo 1 -", NO_DESCRIPTION],
    ["📷 Photo 1", NO_DESCRIPTION],
    ["📷 Photo 1 - Hall\nsecond line: colon after a newline", "Hall\nsecond line: colon after a newline"],
  ])("falls back for the malformed segment %j", (input, description) => {
    expect(parsePhotoDescription(input)).toEqual([{ number: 1, matched: false, location: NO_LOCATION, description }]);
  });

  it("reads an empty location or text as the fallbacks", () => {
    expect(parsePhotoDescription("📷 Photo 1 - : text")[0]).toMatchObject({
      location: NO_LOCATION,
      description: "text",
    });
    expect(parsePhotoDescription("📷 Photo 1 - Hall:   ")[0]).toMatchObject({
      location: "Hall",
      description: NO_DESCRIPTION,
    });
  });

  it("does not treat a camera without 'Photo N' as a marker", () => {
    expect(parsePhotoDescription("📷 Photo 1 - Hall: see 📷 here")[0]?.description).toBe("see 📷 here");
  });

  it("survives hostile input in linear time", () => {
    const hostile = [
      `📷 Photo 1 -${" ".repeat(200_000)}`,
      "📷 Photo 1 - ".repeat(50_000),
      `📷 Photo ${"9".repeat(100_000)}`,
      "📷".repeat(100_000),
      "\uD83D".repeat(10_000),
      `${"-".repeat(100_000)}:`,
    ];
    const started = performance.now();
    for (const input of hostile) expect(Array.isArray(parsePhotoDescription(input))).toBe(true);
    // Generous bound: a quadratic parser takes minutes on these inputs.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("does not read huge photo numbers as numbers beyond nine digits", () => {
    const [segment] = parsePhotoDescription("📷 Photo 12345678901 - Hall: text");
    expect(segment?.number).toBe(123456789);
    expect(segment?.matched).toBe(false);
  });
});

describe("pairPhotoSegments", () => {
  const attachments = ["a", "b", "c"];

  it("pairs segment N with attachment N and fills the fallbacks for photos without a segment", () => {
    expect(pairPhotoSegments("📷 Photo 1 - Hall: Dent\n\n📷 Photo 2 broken segment", attachments)).toEqual([
      { attachment: "a", location: "Hall", description: "Dent" },
      { attachment: "b", location: NO_LOCATION, description: "broken segment" },
      { attachment: "c", location: NO_LOCATION, description: NO_DESCRIPTION },
    ]);
  });

  it("ignores segments beyond the photos", () => {
    expect(pairPhotoSegments("📷 Photo 1 - A: x 📷 Photo 2 - B: y", ["only"])).toHaveLength(1);
  });
});
