import { pairPhotoSegments } from "@sitesnag/shared/photo-description";
import { generateReference, REFERENCE_PATTERN } from "@sitesnag/shared/reference";
import { describe, expect, it } from "vitest";
import {
  assembleDescription,
  dueDayToEpoch,
  epochToDueDay,
  localDay,
  MESSAGES,
  type ReportFormValues,
  validateReportForm,
} from "./report-form-rules";

const VALID: ReportFormValues = {
  projectId: "p1",
  title: "SNAG-20261123-4821",
  priority: "high",
  category: "other",
  dueDate: "",
  assignedTo: "",
};
const photo = (location = "Kitchen", description = "Cracked tile", isReady = true) => ({
  location,
  description,
  isReady,
});
const TODAY = "2026-11-23";
const create = (newPhotos: ReturnType<typeof photo>[]) => ({ newPhotos, keptPhotoCount: 0, mode: "create" as const });

describe("validateReportForm (SPEC §5 messages)", () => {
  it("accepts a complete report", () => {
    expect(validateReportForm(VALID, create([photo()]), TODAY)).toEqual({});
  });

  it("names each missing required field with its exact message", () => {
    const errors = validateReportForm({ ...VALID, projectId: "", title: " ", priority: "" }, create([photo()]), TODAY);
    expect(errors).toEqual({
      projectId: "Project is required",
      title: "Reference number is required",
      priority: "Priority is required",
    });
  });

  it("refuses a due date before today and accepts today and later", () => {
    expect(validateReportForm({ ...VALID, dueDate: "2026-11-22" }, create([photo()]), TODAY).dueDate).toBe(
      MESSAGES.dueDate,
    );
    expect(validateReportForm({ ...VALID, dueDate: TODAY }, create([photo()]), TODAY)).toEqual({});
    expect(validateReportForm({ ...VALID, dueDate: "2027-01-01" }, create([photo()]), TODAY)).toEqual({});
  });

  it("needs at least one new photo to create", () => {
    expect(validateReportForm(VALID, create([]), TODAY).photos).toBe("Please add at least one photo of the snagg area");
  });

  it("lets an edit keep only existing photos, but not remove them all", () => {
    expect(validateReportForm(VALID, { newPhotos: [], keptPhotoCount: 1, mode: "edit" }, TODAY)).toEqual({});
    expect(validateReportForm(VALID, { newPhotos: [], keptPhotoCount: 0, mode: "edit" }, TODAY).photos).toBe(
      MESSAGES.photoRequired,
    );
  });

  it("asks for every new photo's location, then its description, counting the photos", () => {
    const two = [photo("Kitchen"), photo("  ", "Scuffed door")];
    expect(validateReportForm(VALID, create(two), TODAY).photos).toBe("Please specify location for all 2 photo(s)");
    const noText = [photo("Kitchen", ""), photo("Hall")];
    expect(validateReportForm(VALID, create(noText), TODAY).photos).toBe("Please add descriptions for all 2 photo(s)");
  });

  it("holds the save while a photo is still being compressed", () => {
    expect(validateReportForm(VALID, create([photo("A", "B", false)]), TODAY).photos).toBe(MESSAGES.photosBusy);
  });
});

describe("assembleDescription", () => {
  it("writes one segment per photo, kept photos first, that the detail screen pairs back", () => {
    const text = assembleDescription(
      [{ location: "Hall", description: "Existing crack" }],
      [
        { location: " Kitchen, flat 2.04 ", description: " Cracked tile " },
        { location: "Bathroom", description: "Loose tap" },
      ],
    );
    expect(text).toBe(
      "📷 Photo 1 - Hall: Existing crack\n\n📷 Photo 2 - Kitchen, flat 2.04: Cracked tile\n\n📷 Photo 3 - Bathroom: Loose tap",
    );
    expect(pairPhotoSegments(text, ["a", "b", "c"])).toEqual([
      { attachment: "a", location: "Hall", description: "Existing crack" },
      { attachment: "b", location: "Kitchen, flat 2.04", description: "Cracked tile" },
      { attachment: "c", location: "Bathroom", description: "Loose tap" },
    ]);
  });

  it("keeps a colon typed in a location from cutting the description short", () => {
    const text = assembleDescription([], [{ location: "Level 2: east", description: "Gap: 5 mm" }]);
    const [paired] = pairPhotoSegments(text, ["a"]);
    expect(paired?.description).toBe("Gap: 5 mm");
    expect(paired?.location).toContain("Level 2");
  });
});

describe("reference and due dates", () => {
  it("shows a reference of today's date and a number 1000-9999", () => {
    const day = new Date(2026, 10, 23, 9, 30);
    expect(generateReference(day, () => 0)).toBe("SNAG-20261123-1000");
    expect(generateReference(day, () => 0.99999)).toBe("SNAG-20261123-9999");
    expect(generateReference()).toMatch(REFERENCE_PATTERN);
  });

  it("sends a due day as noon UTC and reads it back as the same day", () => {
    expect(dueDayToEpoch("2026-11-30")).toBe(Date.UTC(2026, 10, 30, 12) / 1000);
    expect(epochToDueDay(dueDayToEpoch("2026-11-30"))).toBe("2026-11-30");
    expect(epochToDueDay(null)).toBe("");
    expect(dueDayToEpoch("30/11/2026")).toBeNull();
    expect(localDay(new Date(2026, 0, 5))).toBe("2026-01-05");
  });
});
