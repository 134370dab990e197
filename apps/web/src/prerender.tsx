// Server-side entry used only at build (scripts/prerender.mjs): renders each static page to HTML
// with React 19's react-dom/static, the same tree static-main.tsx hydrates.
import { prerender } from "react-dom/static";
import { StaticShell } from "./app/static-shell";
import { STATIC_PAGES } from "./static-pages";

export { STATIC_PAGES };

export async function renderStaticPage(path: string): Promise<string> {
  const page = STATIC_PAGES[path];
  if (!page) throw new Error(`no static page for ${path}`);
  const Page = await page.load();
  const { prelude } = await prerender(
    <StaticShell>
      <Page />
    </StaticShell>,
  );
  return new Response(prelude).text();
}
