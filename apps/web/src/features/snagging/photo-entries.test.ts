import type { Attachment } from "@sitesnag/shared/snagging";
import { describe, expect, it } from "vitest";
import { testTranslator } from "../../i18n/test-translator";
import { descriptionPreview, fixPairs, photoEntries } from "./photo-entries";

const attachment = (id: string): Attachment => ({
  id,
  file_path: `/files/${id}`,
  original_name: `${id}.jpg`,
  thumbnail_path: `/files/${id}-thumb`,
  content_type: "image/jpeg",
  kind: "evidence",
  size_bytes: 1000,
  width: 800,
  height: 600,
  sha256: null,
  created_at: 1_700_000_000,
});

describe("photoEntries", () => {
  it("pairs segment N with attachment N and numbers the photos from 1", () => {
    const entries = photoEntries({
      description: "📷 Photo 1 - Kitchen: Cracked tile\n\n📷 Photo 2 - Hall: Scuffed skirting",
      attachments: [attachment("a"), attachment("b")],
    });
    expect(entries.map((e) => [e.number, e.attachment.id, e.location, e.description])).toEqual([
      [1, "a", "Kitchen", "Cracked tile"],
      [2, "b", "Hall", "Scuffed skirting"],
    ]);
  });

  it("gives a photo without a segment the fallbacks, and ignores segments without a photo", () => {
    const entries = photoEntries({
      description: "📷 Photo 1 - Kitchen: Cracked tile",
      attachments: [attachment("a"), attachment("b")],
    });
    expect(entries[1]).toMatchObject({ number: 2, location: "Location not specified", description: "No description" });
    expect(photoEntries({ description: "📷 Photo 1 - Kitchen: Cracked tile", attachments: [] })).toEqual([]);
  });
});

describe("descriptionPreview", () => {
  const en = testTranslator("en-GB");
  it("shows each segment as location and text, without the markers", () => {
    expect(descriptionPreview("📷 Photo 1 - Kitchen: Cracked tile\n\n📷 Photo 2 - Hall: Scuffed skirting", en)).toBe(
      "Kitchen: Cracked tile · Hall: Scuffed skirting",
    );
  });

  it("keeps free text as it is and is empty for an empty description", () => {
    expect(descriptionPreview("Door closer missing", en)).toBe("Door closer missing");
    expect(descriptionPreview("", en)).toBe("");
  });

  it("writes the codec's placeholders in the reader's language, what people typed as typed", () => {
    const text = "📷 Photo 1 - : Cracked tile\n\n📷 Photo 2 - Hall: ";
    expect(descriptionPreview(text, en)).toBe("Location not specified: Cracked tile · Hall: No description");
    const pl = descriptionPreview(text, testTranslator("pl"));
    expect(pl).toContain("Cracked tile");
    expect(pl).toContain("Hall: ");
    expect(pl).not.toMatch(/Location not specified|No description/);
  });
});

describe("fix photos (issue 23)", () => {
  const fix = (id: string): Attachment => ({ ...attachment(id), kind: "fix" });
  it("are left out of the description pairing and paired with the original at their position", () => {
    const report = {
      description: "📷 Photo 1 - Hall: Dent\n\n📷 Photo 2 - Stair: Chip",
      attachments: [attachment("a"), attachment("b"), fix("f1"), fix("f2"), fix("f3")],
    };
    expect(photoEntries(report).map((e) => [e.attachment.id, e.location])).toEqual([
      ["a", "Hall"],
      ["b", "Stair"],
    ]);
    expect(fixPairs(report).map((p) => [p.before?.id, p.after.id])).toEqual([
      ["a", "f1"],
      ["b", "f2"],
      ["a", "f3"],
    ]);
  });
});
