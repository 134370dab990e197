// The signed-in screens whose first response carries the shell (header, navigation and the
// screen's skeleton) as HTML, pre-rendered at build (scripts/prerender.mjs): a cold start paints
// the frame from the first response instead of after the app's JavaScript has run, and the
// screen's chunk is preloaded beside the entry. The server answers each `path` with its `file`
// (dist/app-shell/routes.json); any other path gets index.html as before. The router takes each
// screen's skeleton from here (`appSkeleton`), so the pre-rendered frame and the one React renders
// until the screen's code is in are the same and nothing moves when the app takes over.
import type { SkeletonKind } from "../components/page-skeleton";
import type { Message } from "../i18n/i18n";
import { msg } from "../i18n/use-t";

export type AppDocument = {
  /** A route of router.tsx, in the server's syntax (`:id`). */
  path: string;
  file: string;
  skeleton: SkeletonKind;
  /**
   * The screen's PageHeader title when it does not depend on data: its skeleton shows it, in the
   * reader's language (the build writes the pre-rendered frame once per language).
   */
  title?: Message;
  /** The screen's source module: its chunk is preloaded with the document. */
  module: string;
};

type Screen = { skeleton: SkeletonKind; title?: Message };

/** What the app itself needs of each screen (router.tsx): the only part the app's bundle carries. */
const SCREENS: Record<string, Screen> = {
  "/app/dashboard": { skeleton: "cards", title: msg("shell.nav.dashboard") },
  "/app/projects": { skeleton: "list", title: msg("shell.nav.projects") },
  "/app/projects/:id": { skeleton: "detail" },
  "/app/snagging": { skeleton: "list", title: msg("snagging.list.title") },
  "/app/snagging/new": { skeleton: "form" },
  "/app/snagging/:id": { skeleton: "detail" },
  "/app/snagging/:id/edit": { skeleton: "form" },
  "/app/audits": { skeleton: "list", title: msg("audits.title") },
  "/app/audits/:id": { skeleton: "detail" },
  "/app/team": { skeleton: "list", title: msg("shell.nav.team") },
  "/app/profile": { skeleton: "form", title: msg("profile.title") },
};

/** Each screen with its document's file and its module, for the build; every screen has one. */
function documents(rows: ReadonlyArray<readonly [path: string, file: string, module: string]>): AppDocument[] {
  const listed = rows.map(([path, file, module]) => {
    const screen = SCREENS[path];
    if (!screen) throw new Error(`no screen for the document of ${path}`);
    return { path, file, module, ...screen };
  });
  const missing = Object.keys(SCREENS).filter((path) => !listed.some((d) => d.path === path));
  if (missing.length > 0) throw new Error(`no document for ${missing.join(", ")}`);
  return listed;
}

// Used at build only (scripts/prerender.mjs, first-load-chunks.ts): marked pure, so the app's
// bundle, which imports only appSkeleton, leaves the file names and module paths out.
export const APP_DOCUMENTS: readonly AppDocument[] = /* @__PURE__ */ documents([
  ["/app/dashboard", "dashboard.html", "src/app/dashboard-screen.tsx"],
  ["/app/projects", "projects.html", "src/features/projects/projects-page.tsx"],
  ["/app/projects/:id", "project.html", "src/features/projects/project-detail-page.tsx"],
  ["/app/snagging", "snagging.html", "src/features/snagging/snagging-list-page.tsx"],
  ["/app/snagging/new", "snagging-new.html", "src/features/snagging/report-form-page.tsx"],
  ["/app/snagging/:id", "report.html", "src/features/snagging/snagging-detail-page.tsx"],
  ["/app/snagging/:id/edit", "report-edit.html", "src/features/snagging/report-form-page.tsx"],
  ["/app/audits", "audits.html", "src/features/audits/audits-page.tsx"],
  ["/app/audits/:id", "audit.html", "src/features/audits/audit-page.tsx"],
  ["/app/team", "team.html", "src/features/team/team-page.tsx"],
  ["/app/profile", "profile.html", "src/features/profile/profile-page.tsx"],
]);

/** The skeleton (and title) of a pre-rendered screen, for its route's `handle` in router.tsx. */
export function appSkeleton(path: string): Screen {
  const screen = SCREENS[path];
  if (!screen) throw new Error(`no pre-rendered document for ${path}`);
  return screen;
}
