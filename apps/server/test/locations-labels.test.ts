// QR labels (issue 36): the PDF read back with poppler (pdftotext) and a label's QR decoded from
// the rendered page with jsQR, the way a phone's camera would read the printed sticker.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { AuthResponse } from "@sitesnag/shared/auth";
import type { Location } from "@sitesnag/shared/locations";
import jsQR from "jsqr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LABEL_COLUMNS, LABEL_ROWS } from "../src/locations/labels-pdf";
import { expectError } from "./assertions";
import { createProject, signUp } from "./factories";
import { createTestApp, type TestApp } from "./harness";
import { readPdf } from "./pdf-tools";

const run = promisify(execFile);
const DPI = 200;

/** The QRs of label slots (0 = top left) of a page, decoded from the page rendered once at DPI. */
async function decodeLabels(pdf: Buffer, page: number, slots: number[]): Promise<(string | null)[]> {
  const folder = await mkdtemp(path.join(tmpdir(), "sitesnag-labels-"));
  try {
    await writeFile(path.join(folder, "l.pdf"), pdf);
    await run(
      "pdftoppm",
      ["-r", String(DPI), "-f", String(page), "-l", String(page), "-png", "-singlefile", "l.pdf", "p"],
      {
        cwd: folder,
      },
    );
    const png = await readFile(path.join(folder, "p.png"));
    const { width, height } = await sharp(png).metadata();
    const w = Math.floor((width as number) / LABEL_COLUMNS);
    const h = Math.floor((height as number) / LABEL_ROWS);
    const decoded: (string | null)[] = [];
    for (const slot of slots) {
      const { data, info } = await sharp(png)
        .extract({ left: (slot % LABEL_COLUMNS) * w, top: Math.floor(slot / LABEL_COLUMNS) * h, width: w, height: h })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      decoded.push(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null);
    }
    return decoded;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe("GET /api/projects/{id}/locations/labels.pdf (sqlite)", () => {
  let t: TestApp;
  let me: AuthResponse;
  let projectId: string;
  let locations: Location[];
  beforeAll(async () => {
    t = await createTestApp("sqlite");
    me = await signUp(t);
    projectId = (await createProject(t, me.accessToken, { name: "Riverside Quarter" })).id;
    const lines = ["Block B > Level 3 > Flat 3.04;B-3-04"];
    for (let i = 1; i <= 22; i += 1) lines.push(`Block C > Room ${i};C-${i}`);
    const res = await t.request({
      method: "POST",
      url: `/api/projects/${projectId}/locations/import`,
      token: me.accessToken,
      payload: { lines },
    });
    expect(res.statusCode, res.body).toBe(200);
    const tree = await t.request({ method: "GET", url: `/api/projects/${projectId}/locations`, token: me.accessToken });
    locations = (tree.json() as { locations: Location[] }).locations;
  });
  afterAll(() => t.close());

  const labels = (query = "", token = me.accessToken) =>
    t.request({ method: "GET", url: `/api/projects/${projectId}/locations/labels.pdf${query}`, token });

  it("prints every location, 21 a page, with path, code and project; the QR opens /l/{id}", async () => {
    const res = await labels();
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = res.rawPayload;
    const { pages, text } = await readPdf(pdf);
    expect(pages.filter((p) => p.trim() !== "")).toHaveLength(2); // 26 locations: 21 + 5
    expect(text).toContain("B-3-04");
    expect(text).toContain("Flat 3.04");
    expect(text).toContain("Riverside Quarter");
    // Depth-first: Block B, Level 3, Flat 3.04 (slot 2) …
    const flat = locations.find((l) => l.name === "Flat 3.04") as Location;
    const block = locations.find((l) => l.name === "Block B") as Location;
    const [first, third] = await decodeLabels(pdf, 1, [0, 2]);
    expect(first).toMatch(new RegExp(`^https?://[^/]+/l/${block.id}$`));
    expect(third).toMatch(new RegExp(`^https?://[^/]+/l/${flat.id}$`));
  });

  it("prints one branch with ?root=, and refuses another workspace's project or branch as unknown", async () => {
    const blockC = locations.find((l) => l.name === "Block C") as Location;
    const res = await labels(`?root=${blockC.id}`);
    expect(res.statusCode).toBe(200);
    const { text, pages } = await readPdf(res.rawPayload);
    expect(pages.filter((p) => p.trim() !== "")).toHaveLength(2); // Block C and its 22 rooms
    expect(text).not.toContain("Flat 3.04");
    expect((await decodeLabels(res.rawPayload, 2, [1]))[0]).toMatch(/\/l\/[0-9a-f-]{36}$/);
    const outsider = await signUp(t);
    expectError(await labels("", outsider.accessToken), 404);
    const theirs = (await createProject(t, outsider.accessToken)).id;
    const other = await t.request({
      method: "GET",
      url: `/api/projects/${theirs}/locations/labels.pdf?root=${blockC.id}`,
      token: outsider.accessToken,
    });
    expectError(other, 404);
    expectError(await labels("?root=not-a-uuid"), 400);
  });
});
