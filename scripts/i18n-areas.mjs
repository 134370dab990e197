#!/usr/bin/env node
// Writes the imports and AREAS of packages/shared/src/i18n/catalogues.ts from the folders under
// messages/ (one area each, one JSON file per language), between the `// <areas>` and `// </areas>`
// lines: `node scripts/i18n-areas.mjs` after adding an area (or to settle a merge of two).
// `--check` exits 1 when the file does not list exactly the folders (catalogues.test.ts runs it).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = join(dirname(fileURLToPath(import.meta.url)), "../packages/shared/src/i18n");
const file = join(dir, "catalogues.ts");
const LOCALES = [
  ["en-GB", "EnGB"],
  ["pl", "Pl"],
  ["ro", "Ro"],
  ["lt", "Lt"],
  ["pt-PT", "PtPT"],
  ["es", "Es"],
];

export function areasBlock() {
  const areas = readdirSync(join(dir, "messages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const name = (area) => area.replace(/-(\w)/g, (_, c) => c.toUpperCase());
  const imports = areas.flatMap((area) =>
    [...LOCALES]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(
        ([locale, suffix]) =>
          `import ${name(area)}${suffix} from "./messages/${area}/${locale}.json" with { type: "json" };`,
      ),
  );
  const entries = areas.map(
    (area) =>
      `  { ${LOCALES.map(([locale, suffix]) => `${locale.includes("-") ? `"${locale}"` : locale}: ${name(area)}${suffix}`).join(", ")} },`,
  );
  return [
    "// <areas> (written by scripts/i18n-areas.mjs)",
    ...imports,
    "",
    "const AREAS = [",
    ...entries,
    "] as const;",
    "// </areas>",
  ].join("\n");
}

const source = readFileSync(file, "utf8");
const pattern = /\/\/ <areas>[^\n]*\n[\s\S]*?\/\/ <\/areas>/;
if (!pattern.test(source)) throw new Error("catalogues.ts has no // <areas> … // </areas> block");
// Formatted as `npm run lint` wants it (biome), so a written file is also a clean one.
const biome = join(dir, "../../../../node_modules/.bin/biome");
const next = execFileSync(biome, ["format", `--stdin-file-path=${file}`], {
  input: source.replace(pattern, areasBlock()),
  encoding: "utf8",
});
if (process.argv.includes("--check")) {
  if (next !== source) {
    console.error("catalogues.ts does not list the areas under messages/: run node scripts/i18n-areas.mjs");
    process.exit(1);
  }
} else if (next !== source) {
  writeFileSync(file, next);
  console.log("catalogues.ts: areas written");
}
