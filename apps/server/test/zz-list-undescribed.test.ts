import { writeFileSync } from "node:fs";
import { it } from "vitest";
import { createTestApp } from "./harness";
it("lists", async () => {
  const t = await createTestApp("sqlite");
  const doc = (await t.request({ method: "GET", url: "/api/openapi.json" })).json() as any;
  const out: string[] = [];
  for (const [p, item] of Object.entries<any>(doc.paths)) for (const [m, op] of Object.entries<any>(item)) {
    if (op.responses["2XX"] && JSON.stringify(op.responses["2XX"]).includes("not described")) out.push(`${m.toUpperCase()} ${p}`);
  }
  writeFileSync("/tmp/s18-undescribed.txt", out.join("\n") + "\n");
  writeFileSync("/tmp/s18-doc.json", JSON.stringify(doc, null, 1));
  await t.close();
});
