// The signed-in screens whose first response carries the shell (header, navigation and the
// screen's skeleton) as HTML, pre-rendered at build (scripts/prerender.mjs): a cold start paints
// the frame from the first response instead of after the app's JavaScript has run, and the
// screen's chunk is preloaded beside the entry. The server answers each `path` with its `file`
// (dist/app-shell/routes.json); any other path gets index.html as before. The router takes each
// screen's skeleton from here (`appSkeleton`), so the pre-rendered frame and the one React renders
// until the screen's code is in are the same and nothing moves when the app takes over.
import type { SkeletonKind } from "../components/page-skeleton";

export type AppDocument = {
  /** A route of router.tsx, in the server's syntax (`:id`). */
  path: string;
  file: string;
  skeleton: SkeletonKind;
  /** The screen's PageHeader title when it does not depend on data: its skeleton shows it. */
  title?: string;
  /** The screen's source module: its chunk is preloaded with the document. */
  module: string;
};

export const APP_DOCUMENTS: readonly AppDocument[] = [
  {
    path: "/app/dashboard",
    file: "dashboard.html",
    skeleton: "cards",
    title: "Dashboard",
    module: "src/app/dashboard-screen.tsx",
  },
  {
    path: "/app/projects",
    file: "projects.html",
    skeleton: "list",
    title: "Projects",
    module: "src/features/projects/projects-page.tsx",
  },
  {
    path: "/app/projects/:id",
    file: "project.html",
    skeleton: "detail",
    module: "src/features/projects/project-detail-page.tsx",
  },
  {
    path: "/app/snagging",
    file: "snagging.html",
    skeleton: "list",
    title: "Snagging Reports",
    module: "src/features/snagging/snagging-list-page.tsx",
  },
  {
    path: "/app/snagging/new",
    file: "snagging-new.html",
    skeleton: "form",
    module: "src/features/snagging/report-form-page.tsx",
  },
  {
    path: "/app/snagging/:id",
    file: "report.html",
    skeleton: "detail",
    module: "src/features/snagging/snagging-detail-page.tsx",
  },
  {
    path: "/app/snagging/:id/edit",
    file: "report-edit.html",
    skeleton: "form",
    module: "src/features/snagging/report-form-page.tsx",
  },
  {
    path: "/app/audits",
    file: "audits.html",
    skeleton: "list",
    title: "Site Audits",
    module: "src/features/audits/audits-page.tsx",
  },
  { path: "/app/audits/:id", file: "audit.html", skeleton: "detail", module: "src/features/audits/audit-page.tsx" },
  { path: "/app/team", file: "team.html", skeleton: "list", title: "Team", module: "src/features/team/team-page.tsx" },
  {
    path: "/app/profile",
    file: "profile.html",
    skeleton: "form",
    title: "Profile",
    module: "src/features/profile/profile-page.tsx",
  },
];

/** The skeleton (and title) of a pre-rendered screen, for its route's `handle` in router.tsx. */
export function appSkeleton(path: string): { skeleton: SkeletonKind; title?: string } {
  const document = APP_DOCUMENTS.find((d) => d.path === path);
  if (!document) throw new Error(`no pre-rendered document for ${path}`);
  return { skeleton: document.skeleton, title: document.title };
}
