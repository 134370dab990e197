import { describe, expect, it } from "vitest";
import { photoUrlsOf } from "./offline-cache";

const report = {
  attachments: [
    { id: "a", file_path: "/files/photos/aa.jpg", thumbnail_path: "/files/photos/aa-thumb.jpg" },
    { id: "b", file_path: "/files/photos/bb.jpg", thumbnail_path: null },
  ],
};

describe("photoUrlsOf (what leaves the service worker's image cache)", () => {
  it("names every photo and thumbnail of a deleted report", () => {
    expect(photoUrlsOf(report)).toEqual(["/files/photos/aa.jpg", "/files/photos/aa-thumb.jpg", "/files/photos/bb.jpg"]);
  });

  it("names only the removed photos of an edit, and nothing for a report not in the cache", () => {
    expect(photoUrlsOf(report, ["b"])).toEqual(["/files/photos/bb.jpg"]);
    expect(photoUrlsOf(report, [])).toEqual([]);
    expect(photoUrlsOf(undefined)).toEqual([]);
  });
});
