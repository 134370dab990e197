// Routes of SPEC §2. The 404 page ships in the first bundle; every other screen is a chunk loaded
// on navigation (and precached by the service worker for offline use). The landing and legal pages
// are also pre-rendered and served as HTML (static-pages.tsx); this router renders them when the
// service worker answers a navigation with the app shell.
import type { ComponentType } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { LoadingState } from "../components/states";
import { COMPANY } from "../config/company";
import { loadAuditStore } from "../features/audits/api/audit-store";
import { dashboardQuery, waitingForMeQuery } from "../features/dashboard/api/dashboard-queries";
import { projectPagesQuery, projectQuery, projectReportsQuery } from "../features/projects/api/projects-queries";
import { AdminRoute } from "../features/shell/admin-route";
import { AppShell } from "../features/shell/app-shell";
import { ProtectedRoute } from "../features/shell/protected-route";
import { SignedOutRoute } from "../features/shell/signed-out-route";
import { reportQuery } from "../features/snagging/api/get-report";
import { reportsQuery } from "../features/snagging/api/get-reports";
import { appSkeleton } from "./app-documents";
import { lazyPage, skeleton, startScreensEarly } from "./lazy-page";
import { RouteErrorScreen } from "./route-error";
import { prefetch } from "./route-prefetch";

/**
 * A route `lazy` that imports a module and renders one of its components (screens outside the
 * signed-in shell). Screens inside it use `Component: lazyPage(...)` (lazy-page.tsx) so the shell
 * and a skeleton paint at once; one that reads data also gets `loader: prefetch(() => [someQuery()])`
 * (route-prefetch.ts): its requests then start with its chunk instead of after it.
 */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const routes = startScreensEarly([
  {
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      {
        path: "/",
        lazy: screen(
          () => import("../features/marketing/landing-page"),
          (m) => m.LandingPage,
        ),
      },
      {
        element: <SignedOutRoute />,
        children: [
          {
            path: "/login",
            lazy: screen(
              () => import("../features/auth/login-page"),
              (m) => m.LoginPage,
            ),
          },
          {
            path: "/signup",
            lazy: screen(
              () => import("../features/auth/signup-page"),
              (m) => m.SignupPage,
            ),
          },
          {
            path: "/register",
            lazy: screen(
              () => import("../features/auth/register-page"),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: "/forgot-password",
            lazy: screen(
              () => import("../features/auth/forgot-password-page"),
              (m) => m.ForgotPasswordPage,
            ),
          },
          {
            path: "/login/sso",
            lazy: screen(
              () => import("../features/sso/sso-start-page"),
              (m) => m.SsoStartPage,
            ),
          },
          {
            // The identity provider sends the browser back here (SSO_CALLBACK_PATH).
            path: "/sso/callback",
            lazy: screen(
              () => import("../features/sso/sso-callback-page"),
              (m) => m.SsoCallbackPage,
            ),
          },
        ],
      },
      {
        // From a notification email's footer: no sign-in needed (the link's token is the permission).
        path: "/unsubscribe",
        lazy: screen(
          () => import("../features/mail/unsubscribe-page"),
          (m) => m.UnsubscribePage,
        ),
      },
      {
        // Outside SignedOutRoute: a link from the email works whoever is signed in on this browser.
        path: "/reset-password",
        lazy: screen(
          () => import("../features/auth/reset-password-page"),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: "/logout",
        lazy: screen(
          () => import("../features/auth/logout-page"),
          (m) => m.LogoutPage,
        ),
      },
      {
        path: "/demo",
        lazy: screen(
          () => import("../features/auth/demo-page"),
          (m) => m.DemoPage,
        ),
      },
      {
        path: "/privacy",
        lazy: screen(
          () => import("../features/legal/privacy-page"),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: "/terms",
        lazy: screen(
          () => import("../features/legal/terms-page"),
          (m) => m.TermsPage,
        ),
      },
      {
        path: "/cookies",
        lazy: screen(
          () => import("../features/legal/cookies-page"),
          (m) => m.CookiesPage,
        ),
      },
      {
        path: "/invite/:token",
        lazy: screen(
          () => import("../features/team/accept-invite-page"),
          (m) => m.AcceptInvitePage,
        ),
      },
      {
        // A location's QR label (issue 36): the new report form there, after sign-in if needed.
        path: "/l/:id",
        lazy: screen(
          () => import("./location-link-screen"),
          (m) => m.LocationLinkScreen,
        ),
      },
      {
        // A share link (issue 27): someone with no account, no sign-in.
        path: "/s/:token",
        lazy: screen(
          () => import("../features/sharing/share-page"),
          (m) => m.SharePage,
        ),
      },
      // Rarely reached, so in no screen's first load.
      {
        path: "/about",
        lazy: screen(
          () => import("../features/marketing/external-redirect-page"),
          (m) => () => <m.ExternalRedirectPage to={COMPANY.aboutUrl} label="our About page" />,
        ),
      },
      {
        path: "/contact",
        lazy: screen(
          () => import("../features/marketing/external-redirect-page"),
          (m) => () => <m.ExternalRedirectPage to={COMPANY.contactUrl} label="our Contact page" />,
        ),
      },
      {
        path: "/app",
        element: <ProtectedRoute />,
        children: [
          {
            element: <AppShell variant="app" />,
            children: [
              { index: true, element: <Navigate to="/app/dashboard" replace /> },
              {
                path: "dashboard",
                handle: appSkeleton("/app/dashboard"),
                loader: prefetch(() => [dashboardQuery(), waitingForMeQuery()]),
                Component: lazyPage(
                  () => import("./dashboard-screen"),
                  (m) => m.DashboardScreen,
                ),
              },
              {
                path: "projects",
                handle: appSkeleton("/app/projects"),
                loader: prefetch(() => [projectPagesQuery()]),
                Component: lazyPage(
                  () => import("../features/projects/projects-page"),
                  (m) => m.ProjectsPage,
                ),
              },
              {
                path: "projects/:id",
                handle: appSkeleton("/app/projects/:id"),
                loader: prefetch(({ params }) => [projectQuery(params.id ?? ""), projectReportsQuery(params.id ?? "")]),
                Component: lazyPage(
                  () => import("../features/projects/project-detail-page"),
                  (m) => m.ProjectDetailPage,
                ),
              },
              {
                // The plan viewer (issue 24): OpenSeadragon loads with this screen's chunk only.
                path: "projects/:id/sheets/:sheetId",
                handle: skeleton("detail"),
                Component: lazyPage(
                  () => import("../features/sheets/sheet-viewer-page"),
                  (m) => m.SheetViewerPage,
                ),
              },
              {
                path: "snagging",
                handle: appSkeleton("/app/snagging"),
                loader: prefetch(() => [reportsQuery()]),
                Component: lazyPage(
                  () => import("../features/snagging/snagging-list-page"),
                  (m) => m.SnaggingListPage,
                ),
              },
              {
                path: "snagging/:id",
                handle: appSkeleton("/app/snagging/:id"),
                loader: prefetch(({ params }) => [reportQuery(params.id ?? "")]),
                Component: lazyPage(
                  () => import("../features/snagging/snagging-detail-page"),
                  (m) => m.SnaggingDetailPage,
                ),
              },
              {
                path: "snagging/new",
                handle: appSkeleton("/app/snagging/new"),
                // The form's own chunk, which the screen fetches as its module starts (report-form-page.tsx).
                loader: prefetch(
                  () => [],
                  () => import("../features/snagging/components/report-form/report-form"),
                ),
                Component: lazyPage(
                  () => import("../features/snagging/report-form-page"),
                  (m) => m.ReportFormPage,
                ),
              },
              {
                path: "snagging/:id/edit",
                handle: appSkeleton("/app/snagging/:id/edit"),
                // The form's own chunk, which the screen fetches as its module starts (report-form-page.tsx).
                loader: prefetch(
                  () => [],
                  () => import("../features/snagging/components/report-form/report-form"),
                ),
                Component: lazyPage(
                  () => import("../features/snagging/report-form-page"),
                  (m) => m.ReportFormPage,
                ),
              },
              {
                path: "audits",
                handle: appSkeleton("/app/audits"),
                // Audits live on this device: what to start is the audit store, not a request.
                loader: prefetch(() => [], loadAuditStore),
                Component: lazyPage(
                  () => import("../features/audits/audits-page"),
                  (m) => m.AuditsPage,
                ),
              },
              {
                path: "audits/:id",
                handle: appSkeleton("/app/audits/:id"),
                loader: prefetch(() => [], loadAuditStore),
                Component: lazyPage(
                  () => import("../features/audits/audit-page"),
                  (m) => m.AuditPage,
                ),
              },
              {
                // The list, or the editor of one template (its own chunk): templates-route.tsx.
                path: "audit-templates/:id?",
                handle: skeleton("list"),
                Component: lazyPage(
                  () => import("../features/audit-templates/templates-route"),
                  (m) => m.TemplatesRoute,
                ),
              },
              {
                path: "profile",
                handle: appSkeleton("/app/profile"),
                Component: lazyPage(
                  () => import("../features/profile/profile-page"),
                  (m) => m.ProfilePage,
                ),
              },
              {
                path: "team",
                handle: appSkeleton("/app/team"),
                Component: lazyPage(
                  () => import("../features/team/team-page"),
                  (m) => m.TeamPage,
                ),
              },
              {
                // The workspace's trades (issue 36): reached from the Team page.
                path: "trades",
                handle: skeleton("list"),
                Component: lazyPage(
                  () => import("../features/trades/trades-page"),
                  (m) => m.TradesPage,
                ),
              },
              {
                // Workspace settings, and its API tokens at /app/workspace/api-tokens (issue 38):
                // one route, so /app/snagging's first load (at its budget) carries no new entry.
                path: "workspace/:section?",
                handle: skeleton("form"),
                Component: lazyPage(
                  () => import("./workspace-route"),
                  (m) => m.WorkspaceRoute,
                ),
              },
              {
                // Issue 40: own entries, or ?workspace=1 for an owner's view of the workspace.
                path: "security-log",
                handle: skeleton("list"),
                Component: lazyPage(
                  () => import("../features/security/security-log-page"),
                  (m) => m.SecurityLogPage,
                ),
              },
              {
                path: "trash",
                handle: skeleton("list"),
                Component: lazyPage(
                  () => import("../features/trash/trash-page"),
                  (m) => m.TrashPage,
                ),
              },
            ],
          },
          {
            path: "admin",
            element: <AdminRoute />,
            children: [
              {
                element: <AppShell variant="admin" />,
                children: [
                  {
                    index: true,
                    handle: skeleton("list"),
                    Component: lazyPage(
                      () => import("../features/admin/admin-page"),
                      (m) => m.AdminPage,
                    ),
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        path: "*",
        lazy: screen(
          () => import("../features/marketing/not-found-page"),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
]);

let router: ReturnType<typeof createBrowserRouter> | undefined;
/**
 * The app's router, made on the first render rather than when this module is evaluated: matching
 * and ranking every route costs a slow phone ~50 ms, and in the module's evaluation it lengthened
 * the start's longest task (Lighthouse's total blocking time, issue 33); in React's first render,
 * which yields between its slices, it is a task of its own.
 */
export function appRouter() {
  router ??= createBrowserRouter(routes);
  return router;
}
