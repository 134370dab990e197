import { describe, expect, it } from "vitest";
import { formatBytes } from "./bytes";

describe("formatBytes", () => {
  it("reads as people read storage figures", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(900)).toBe("900 bytes");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(12 * 1024 * 1024 + 1)).toBe("12 MB");
    expect(formatBytes(10 * 1024 ** 3)).toBe("10 GB");
  });
});
