// Entry of the pre-rendered pages (static.html, filled in at build by scripts/prerender.mjs). It
// hydrates the HTML already on screen, with React alone: no router, no query client, no forms.
// The single-page app (main.tsx) still serves the same paths when the service worker answers a
// navigation with index.html.
import { createRoot, hydrateRoot } from "react-dom/client";
import { StaticShell } from "./app/static-shell";
import { STATIC_PAGES } from "./static-pages";
import "./index.css";

const root = document.getElementById("root");
const page = STATIC_PAGES[window.location.pathname.replace(/(.)\/$/, "$1")];
if (root && page) {
  void page.load().then((Page) => {
    const tree = (
      <StaticShell>
        <Page />
      </StaticShell>
    );
    if (root.hasChildNodes()) hydrateRoot(root, tree);
    else createRoot(root).render(tree);
  });
} else {
  // static.html opened by its own name: it is a template, not a page.
  window.location.replace("/");
}
