// `import { Camera, Plus } from "lucide-react"` → one import per icon module
// (`lucide-react/dist/esm/icons/camera.mjs`). Through the package's index every icon module has
// every module that imports any icon as its importer, so first-load-chunks.ts saw each icon the app
// uses as loaded by the public pages and put all of them (some 80, 7.9 KiB gzip) in the "icons"
// chunk every page and screen loads. Imported directly, an icon goes with the modules that use it:
// the shell's with the app's entry, a screen's with that screen (decision 0045).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const ICONS_DIR = "lucide-react/dist/esm/icons";
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/** Every name the package's index exports for an icon → that icon's module name ("camera"). */
function iconModules(): Map<string, string> {
  const index = createRequire(import.meta.url).resolve("lucide-react/package.json");
  const source = readFileSync(path.join(path.dirname(index), "dist/esm/lucide-react.mjs"), "utf8");
  const modules = new Map<string, string>();
  for (const [, names = "", file = ""] of source.matchAll(
    /export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs'/g,
  )) {
    for (const [, name = ""] of names.matchAll(/default as (\w+)/g)) modules.set(name, file);
  }
  if (modules.size === 0) throw new Error("lucide-imports: no icons found in lucide-react's index");
  return modules;
}

export function lucideImports(): Plugin {
  let modules: Map<string, string> | undefined;
  return {
    name: "sitesnag-lucide-imports",
    transform(code, id) {
      if (!/\/src\/.*\.tsx?$/.test(id) || !code.includes("lucide-react")) return null;
      modules ??= iconModules();
      const known = modules;
      const rewritten = code.replace(IMPORT, (statement, list: string) => {
        const rest: string[] = [];
        const direct: string[] = [];
        for (const specifier of list.split(",").map((s) => s.trim())) {
          if (!specifier) continue;
          const [imported = "", local = imported] = specifier.split(/\s+as\s+/);
          const file = known.get(imported);
          if (file) direct.push(`import ${local} from "${ICONS_DIR}/${file}.mjs";`);
          else rest.push(specifier);
        }
        if (direct.length === 0) return statement;
        return [...direct, ...(rest.length ? [`import { ${rest.join(", ")} } from "lucide-react";`] : [])].join("");
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
