// The build's rewrite of Lucide imports (lucide-imports.ts): what first-load-chunks.ts needs to place
// each icon with the modules that draw it.
import { describe, expect, it } from "vitest";
import { lucideImports } from "../lucide-imports";

function transform(code: string, id = "/repo/apps/web/src/features/x.tsx") {
  const plugin = lucideImports();
  const hook = plugin.transform as (code: string, id: string) => { code: string } | null;
  return hook.call({}, code, id)?.code ?? null;
}

describe("lucide-imports", () => {
  it("imports each icon from its own module, aliases and the package's other names kept", () => {
    const code = transform('import { Camera, AlertTriangle as Warn, createLucideIcon } from "lucide-react";\nCamera;');
    expect(code).toBe(
      'import Camera from "lucide-react/dist/esm/icons/camera.mjs";' +
        'import Warn from "lucide-react/dist/esm/icons/triangle-exclamation-point.mjs";' +
        'import { createLucideIcon } from "lucide-react";\nCamera;',
    );
  });

  it("leaves modules without icons, and modules outside src, as they are", () => {
    expect(transform('import { createLucideIcon } from "lucide-react";')).toBeNull();
    expect(transform('import { Camera } from "lucide-react";', "/repo/node_modules/x/index.js")).toBeNull();
  });
});
