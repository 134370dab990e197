// Server-side entry used only at build (scripts/prerender.mjs): renders each static page to HTML
// with React 19's react-dom/static, the same tree static-main.tsx hydrates; and the signed-in
// shell's frame that the HTML of each signed-in screen carries until the app replaces it.
import type { Locale } from "@sitesnag/shared/i18n/locales";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { StaticShell } from "./app/static-shell";
import type { SkeletonKind } from "./components/page-skeleton";
import { ShellFrame } from "./features/shell/shell-frame";
import { activateLocale, type Message } from "./i18n/i18n";
import { STATIC_PAGES } from "./static-pages";

export { LOCALES } from "@sitesnag/shared/i18n/locales";
export { STATIC_PAGES };

/** A static page's HTML in `locale` (a page that speaks the catalogue: `translated` in STATIC_PAGES). */
export async function renderStaticPage(path: string, locale: Locale = "en-GB"): Promise<string> {
  const page = STATIC_PAGES[path];
  if (!page) throw new Error(`no static page for ${path}`);
  const Page = await page.load();
  await activateLocale(locale);
  try {
    const { prelude } = await prerender(
      <StaticShell>
        <Page />
      </StaticShell>,
    );
    return await new Response(prelude).text();
  } finally {
    await activateLocale("en-GB");
  }
}

export { APP_DOCUMENTS } from "./app/app-documents";

/**
 * The signed-in shell's frame for one screen (app/app-documents.ts), at a sample address of its
 * route so the navigation marks the right section as current, in `locale` (its navigation, its
 * title and the skeleton's words: the frame a Polish user sees first is in Polish).
 */
export async function renderAppFrame(
  path: string,
  skeleton: SkeletonKind,
  title?: Message,
  locale: Locale = "en-GB",
): Promise<string> {
  await activateLocale(locale);
  try {
    const { prelude } = await prerender(
      <StaticRouter location={path.replaceAll(/:\w+/g, "x")}>
        <ShellFrame skeleton={skeleton} title={title} />
      </StaticRouter>,
    );
    return await new Response(prelude).text();
  } finally {
    await activateLocale("en-GB");
  }
}
