import { formatBytes as sharedBytes } from "@sitesnag/shared/bytes";
import { describe, expect, it } from "vitest";
import { formatBytes as planBytes } from "../features/sheets/lib/offline-plans";
import { formatBytes } from "./format-bytes";

// Issue 35: file sizes through Intl for the language; English keeps SPEC's "3.4 MB".
describe("file sizes in the reader's language", () => {
  it("English as written", () => {
    expect(formatBytes(3.4 * 1024 * 1024, "en-GB")).toBe("3.4 MB");
    expect(sharedBytes(1.5 * 1024 * 1024, "en-GB")).toBe("1.5 MB");
    expect(planBytes(812 * 1024, "en-GB")).toBe("812 KB");
  });

  it("another language with its decimal comma and its unit words", () => {
    expect(formatBytes(3.4 * 1024 * 1024, "pl")).toBe("3,4 MB");
    expect(formatBytes(14.2 * 1024, "pt-PT")).toBe("14,2 kB");
    expect(formatBytes(0, "lt")).toBe("0 B");
    expect(sharedBytes(1.5 * 1024 * 1024, "es")).toBe("1,5 MB");
    expect(sharedBytes(10 * 1024 ** 3, "ro")).toBe("10 GB");
    expect(planBytes(2.5 * 1024 * 1024, "pl")).toBe("2,5 MB");
    for (const locale of ["pl", "ro", "lt", "pt-PT", "es"]) expect(formatBytes(2048, locale)).not.toContain("KB");
  });
});
