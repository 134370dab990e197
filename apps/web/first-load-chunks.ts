// Which chunk a module goes in (vite.config.ts: output.codeSplitting.groups, highest priority first).
//
// Left to itself the bundler gives every set of modules shared by a different set of chunk roots
// (the two entries and each lazily imported screen) a chunk of its own: a cold start of
// /app/dashboard fetched 27 scripts, 17 of them under 1 KiB, /app/snagging 38. Over HTTP/1.1 (what
// `npm start` serves) a browser opens 6 connections to a server and each request costs a round
// trip, so those scripts took five or six round trips in line (150 ms each on slow 4G) before the
// screen could render. The groups:
// - "react-dom": what both entries load (React, React DOM, what the public pages and the app share
//   at start);
// - "site" and "icons": what a public page and a signed-in screen share (apart, because the sign-in
//   page needs none of the icons);
// - "install-prompt": what the app's entry shares with what a public page loads only later;
// - "app": the rest of what the app's entry loads, plus what nearly every signed-in screen loads
//   (and a small module five or more screens load);
// - "snagging": what only the snagging list and a report's page share (decision 0045).
// A group also takes the dependencies of what it captures, hence the order and the care that
// "app" never takes something a public page loads: that page would load the whole chunk.
// What only some screens need stays with them. bench:bundle prints each route's scripts and size
// against its budget; a signed-in first load is now 8-16 scripts.
import { APP_DOCUMENTS } from "./src/app/app-documents";

type ModuleGraph = {
  getModuleInfo(id: string): {
    isEntry: boolean;
    importers: readonly string[];
    dynamicImporters: readonly string[];
    importedIds?: readonly string[];
    code?: string | null;
  } | null;
};

// The entries are the HTML documents (Vite's HTML plugin); their scripts are their first imports.
const APP_ENTRY = "/apps/web/index.html";
const STATIC_ENTRY = "/apps/web/static.html";
/** The pre-rendered public pages, each loaded by static.html's entry (static-pages.tsx). */
const STATIC_PAGES = [
  "/src/features/marketing/landing-page.tsx",
  "/src/features/auth/static-login-page.tsx",
  "/src/features/legal/privacy-page.tsx",
  "/src/features/legal/terms-page.tsx",
  "/src/features/legal/cookies-page.tsx",
];
const SCREENS = [...new Set(APP_DOCUMENTS.map((document) => `/${document.module}`))];
/** A module at least this many pre-rendered screens load goes with the app's entry. */
const SHARED_BY = Math.ceil(SCREENS.length * 0.8);
/** A small module (source under SMALL characters, after the i18n rewrite) at least this many screens load goes with it too. */
const SHARED_BY_SMALL = 5;
const SMALL = 800;
// The shipped locales (shared/i18n/locales.ts, a few hundred bytes) are read by the app's start and
// by the public pages' schemas: with React DOM rather than one more request for the app.
const BOTH_ENTRIES =
  /node_modules[\\/](react-dom|scheduler)[\\/]|vite[\\/](preload-helper|modulepreload-polyfill)|lazy-zod-resolver|shared[\\/]src[\\/]i18n[\\/]locales/;

/**
 * The roots whose chunk loads `id` statically: the entries and the lazily imported modules from
 * which a chain of static imports leads to it (the module itself included).
 */
function chunkRoots(id: string, graph: ModuleGraph): Set<string> {
  const roots = new Set<string>();
  const seen = new Set<string>([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = graph.getModuleInfo(next);
    if (!info) continue;
    if (info.isEntry || info.dynamicImporters.length > 0) roots.add(next);
    for (const importer of info.importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return roots;
}

/** Whether a public page can ever load `id`: by any chain of imports, lazy ones included, from static.html. */
function publicPagesLoad(id: string, graph: ModuleGraph): boolean {
  const seen = new Set<string>([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (next.endsWith(STATIC_ENTRY)) return true;
    const info = graph.getModuleInfo(next);
    for (const importer of [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])]) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return false;
}

/** One of Lucide's icons, imported directly (lucide-imports.ts). */
const LUCIDE_ICON = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

const rootedAt = (roots: Set<string>, suffix: string) => [...roots].some((root) => root.endsWith(suffix));

/** Modules the HTML entries import directly: they stay in their entry's chunk. */
const isEntryScript = (id: string, graph: ModuleGraph) => {
  const info = graph.getModuleInfo(id);
  return !info || info.isEntry || info.importers.some((importer) => importer.endsWith(".html"));
};

/** What both entries load: React DOM and what every public page and the app share. */
export function bothEntriesChunk(id: string, graph: ModuleGraph): string | null {
  if (BOTH_ENTRIES.test(id)) return "react-dom";
  if (isEntryScript(id, graph)) return null;
  const roots = chunkRoots(id, graph);
  return rootedAt(roots, STATIC_ENTRY) && appSide(roots) ? "react-dom" : null;
}

/**
 * What a public page and the app share beyond that (links, the install card, shared rules): one
 * chunk, because "app" would otherwise take these along with its own modules that import them,
 * and a public page would then load the app's whole entry.
 */
export function siteChunk(id: string, graph: ModuleGraph): string | null {
  if (isEntryScript(id, graph)) return null;
  const roots = chunkRoots(id, graph);
  // An icon the app's entry draws and a public page only later (the install card's close and
  // download): with the public pages' icons, which a signed-in start loads anyway, rather than in
  // "install-prompt", one more request for a file of two icons.
  if (LUCIDE_ICON.test(id) && rootedAt(roots, APP_ENTRY) && publicPagesLoad(id, graph)) return "icons";
  if (!STATIC_PAGES.some((page) => rootedAt(roots, page))) return null;
  const lucide = /node_modules[\\/]lucide-react[\\/]/.test(id);
  // The icons only public pages draw: one file, not one of a few hundred bytes per icon.
  if (!appSide(roots)) return lucide && LUCIDE_ICON.test(id) ? "public-icons" : null;
  // The landing and legal pages' icons: the sign-in page has none of them.
  return lucide ? "icons" : "site";
}

/**
 * What the app's entry shares with what a public page loads only later (the install card, when the
 * browser offers installation): a small chunk of its own, since in "app" it would bring that whole
 * chunk to the public page.
 */
export function laterChunk(id: string, graph: ModuleGraph): string | null {
  if (isEntryScript(id, graph)) return null;
  return rootedAt(chunkRoots(id, graph), APP_ENTRY) && publicPagesLoad(id, graph) ? "install-prompt" : null;
}

/** What the app's entry loads, and what nearly every signed-in screen loads. */
export function appChunk(id: string, graph: ModuleGraph): string | null {
  if (isEntryScript(id, graph)) return null;
  const roots = chunkRoots(id, graph);
  // Nothing a public page may load later (the install card, say): it would bring the whole chunk.
  if (publicPagesLoad(id, graph)) return null;
  if (rootedAt(roots, APP_ENTRY)) return "app";
  const screens = SCREENS.filter((screen) => rootedAt(roots, screen)).length;
  // An icon two screens draw (a few hundred bytes) goes with the app rather than in a file of its own,
  // and so does a small hook several screens read (the error toast's): a file of its own costs
  // each of them a request and the compression's fresh start, more than its bytes cost the others.
  if (screens >= 2 && LUCIDE_ICON.test(id)) return "app";
  if (screens >= SHARED_BY_SMALL && (graph.getModuleInfo(id)?.code?.length ?? Number.POSITIVE_INFINITY) < SMALL) {
    return "app";
  }
  return screens >= SHARED_BY ? "app" : null;
}

function appSide(roots: Set<string>) {
  return rootedAt(roots, APP_ENTRY) || SCREENS.some((screen) => rootedAt(roots, screen));
}

/** The snagging list's and a report's screens: a site team's two most used, opened one after the other. */
const SNAGGING_SCREENS = [
  "/src/features/snagging/snagging-list-page.tsx",
  "/src/features/snagging/snagging-detail-page.tsx",
];

/**
 * What both snagging screens load and no other screen does (the workflow's rules, the outbox's
 * hook, a trade's icon and names): one file rather than a few of a few hundred bytes each, every
 * one of which costs a request and the compression's fresh start (first-load budget). A screen
 * loaded later that needs one of them fetches the whole file, a little over 1 KiB.
 */
export function snaggingChunk(id: string, graph: ModuleGraph): string | null {
  if (!onlySnaggingScreens(id, graph)) return null;
  // The group takes what it captures imports too: nothing another screen loads (the report
  // badges a project's page draws), or that screen would load the whole file.
  const seen = new Set<string>([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const imported of graph.getModuleInfo(next)?.importedIds ?? []) {
      if (seen.has(imported) || takenEarlier(imported, graph)) continue;
      if (!onlySnaggingScreens(imported, graph)) return null;
      seen.add(imported);
      queue.push(imported);
    }
  }
  return "snagging";
}

function onlySnaggingScreens(id: string, graph: ModuleGraph): boolean {
  if (isEntryScript(id, graph)) return false;
  const screens = SCREENS.filter((screen) => rootedAt(chunkRoots(id, graph), screen));
  return screens.length === SNAGGING_SCREENS.length && SNAGGING_SCREENS.every((screen) => screens.includes(screen));
}

const takenEarlier = (id: string, graph: ModuleGraph) =>
  (bothEntriesChunk(id, graph) ?? siteChunk(id, graph) ?? laterChunk(id, graph) ?? appChunk(id, graph)) !== null;
