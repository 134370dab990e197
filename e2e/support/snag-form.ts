// Page helpers for the snag form: choosing photos the way a user does (through the file chooser the
// buttons open), filling a photo's texts, and reading reports back through the API.
import { expect, type Page } from "@playwright/test";

export type TestFile = { name: string; mimeType: string; buffer: Buffer };

export const jpegFile = (name: string, buffer: Buffer): TestFile => ({ name, mimeType: "image/jpeg", buffer });

/** Clicks 'Take photo' or 'Choose photos' and answers the file chooser it opens. */
export async function choosePhotos(page: Page, button: "Take photo" | "Choose photos", files: TestFile[]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: button }).click();
  await (await chooser).setFiles(files);
}

/** Waits until photo N is compressed (its size shows) and fills its location and description. */
export async function describePhoto(page: Page, n: number, location: string, description: string) {
  const card = page.getByRole("listitem", { name: `Photo ${n}` });
  await expect(card.getByText(/\d+ KB/)).toBeVisible({ timeout: 20_000 });
  await page.getByLabel(`Photo ${n} location`).fill(location);
  await page.getByLabel(`Photo ${n} description`).fill(description);
}

export type ApiReport = {
  id: string;
  title: string;
  projectId: string;
  description: string;
  status: string;
  priority: string;
  assignedTo: string | null;
  dueDate: number | null;
  locationLat: number | null;
  locationLng: number | null;
  attachments: { id: string; file_path: string; original_name: string }[];
};

export async function listReports(baseUrl: string, token: string): Promise<ApiReport[]> {
  const res = await fetch(`${baseUrl}/api/snagging`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /api/snagging → ${res.status}`);
  return ((await res.json()) as { reports: ApiReport[] }).reports;
}

/** A report with photos created straight through the API, as another device would. */
export async function createReportViaApi(
  baseUrl: string,
  token: string,
  fields: Record<string, string>,
  photos: TestFile[],
): Promise<ApiReport> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const p of photos) form.append("images", new Blob([new Uint8Array(p.buffer)], { type: p.mimeType }), p.name);
  const res = await fetch(`${baseUrl}/api/snagging`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`POST /api/snagging → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { report: ApiReport }).report;
}

/** Counts pure-red pixels of an image URL, decoded in the page (annotations are drawn in #ff0000). */
export function countRedPixels(page: Page, url: string): Promise<number> {
  return page.evaluate(async (src) => {
    const blob = await (await fetch(src)).blob();
    const bitmap = await createImageBitmap(blob);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d context");
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let red = 0;
    for (let i = 0; i < data.length; i += 4) {
      if ((data[i] ?? 0) > 220 && (data[i + 1] ?? 255) < 50 && (data[i + 2] ?? 255) < 50) red += 1;
    }
    return red;
  }, url);
}
