// A drawing uploaded through the API and rendered, for tests that need a plan without the upload UI.
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
