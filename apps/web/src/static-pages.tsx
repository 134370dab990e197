// The pages pre-rendered to HTML at build (scripts/prerender.mjs) and hydrated by static-main.tsx
// without the router: public pages whose content must paint from the first response. `module` names
// the source file so the build can preload the page's chunk with the HTML.
import type { ComponentType } from "react";

/**
 * `translated`: the page speaks the catalogue, so the build writes it once per language
 * (prerendered/<locale>/<file>) and the server answers the visitor's; its `load` turns the app to
 * the document's language before it hydrates, so the words on screen never change under the reader.
 */
export type StaticPage = { file: string; module: string; load: () => Promise<ComponentType>; translated?: true };

export const STATIC_PAGES: Readonly<Record<string, StaticPage>> = {
  "/": {
    file: "index.html",
    module: "src/features/marketing/landing-page.tsx",
    load: () => import("./features/marketing/landing-page").then((m) => m.LandingPage),
  },
  "/login": {
    file: "login.html",
    module: "src/features/auth/static-login-page.tsx",
    load: () =>
      import("./features/auth/static-login-page").then(async (m) => {
        await m.speakDocumentLanguage();
        return m.StaticLoginPage;
      }),
    translated: true,
  },
  "/privacy": {
    file: "privacy.html",
    module: "src/features/legal/privacy-page.tsx",
    load: () => import("./features/legal/privacy-page").then((m) => m.PrivacyPage),
  },
  "/terms": {
    file: "terms.html",
    module: "src/features/legal/terms-page.tsx",
    load: () => import("./features/legal/terms-page").then((m) => m.TermsPage),
  },
  "/cookies": {
    file: "cookies.html",
    module: "src/features/legal/cookies-page.tsx",
    load: () => import("./features/legal/cookies-page").then((m) => m.CookiesPage),
  },
};
