// A drawing uploaded through the API and rendered, for tests that need a plan without the upload UI.
import type { Locator } from "@playwright/test";
import { type ApiHelper, expect } from "../fixtures";
import { makePng } from "../images";

/** A one-page PNG drawing (light grey, 1600 × 1200) on the project; answers its id once it is ready. */
export async function readySheet(api: ApiHelper, baseUrl: string, token: string, projectId: string, name = "Roof.png") {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(makePng([240, 240, 240], 1600, 1200))], { type: "image/png" }), name);
  const res = await fetch(`${baseUrl}/api/projects/${projectId}/sheets`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`upload → ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { sheets: { id: string }[] }).sheets[0]?.id as string;
  await expect
    .poll(
      async () =>
        (await api.call<{ sheet: { status: string } }>("GET", `/sheets/${id}`, undefined, token)).sheet.status,
      {
        timeout: 30_000,
      },
    )
    .toBe("ready");
  return id;
}

export type ScreenPoint = { x: number; y: number };

/**
 * A pin's centre on screen once the plan holds still, or null when the button is not on the page
 * (or was replaced) at that moment. Read in the page in one go, over animation frames until the
 * box has not moved for three of them: the viewer animates every zoom and pan (pinch, wheel, its
 * own settling), and a box read in two round trips (find the button, then measure it) while a
 * button is replaced finds none, which was "pin not laid out" once.
 */
export const restingCentre = (pin: Locator): Promise<ScreenPoint | null> =>
  pin.evaluate(
    (el) =>
      new Promise<ScreenPoint | null>((resolve) => {
        let last = "";
        let still = 0;
        const look = () => {
          if (!el.isConnected) return resolve(null);
          const box = el.getBoundingClientRect();
          const now = `${box.x},${box.y},${box.width},${box.height}`;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 3 && box.width > 0) resolve({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );

/** The pin's resting centre, waiting (as an assertion) until it has one. */
export async function pinCentre(pin: Locator): Promise<ScreenPoint> {
  let centre: ScreenPoint | null = null;
  await expect
    .poll(
      async () => {
        centre = await restingCentre(pin);
        return centre !== null;
      },
      { message: "the pin is laid out on the plan and holds still" },
    )
    .toBe(true);
  return centre as unknown as ScreenPoint;
}
