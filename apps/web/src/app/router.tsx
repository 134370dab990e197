// Routes of SPEC §2. The landing and 404 pages ship in the first bundle; every other screen is a
// chunk loaded on navigation (and precached by the service worker for offline use).
import type { ComponentType } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { LoadingState } from "../components/states";
import { COMPANY } from "../config/company";
import { ExternalRedirectPage } from "../features/marketing/external-redirect-page";
import { LandingPage } from "../features/marketing/landing-page";
import { NotFoundPage } from "../features/marketing/not-found-page";
import { AdminRoute } from "../features/shell/admin-route";
import { ProtectedRoute } from "../features/shell/protected-route";
import { SignedOutRoute } from "../features/shell/signed-out-route";
import { RouteErrorScreen } from "./route-error";

/** A route `lazy` that imports a module and renders one of its components. */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const appShell = (variant: "app" | "admin") =>
  screen(
    () => import("../features/shell/app-shell"),
    ({ AppShell }) =>
      function Shell() {
        return <AppShell variant={variant} />;
      },
  );

const pending = (title: string) =>
  screen(
    () => import("../features/shell/pending-feature-page"),
    ({ PendingFeaturePage }) =>
      function Pending() {
        return <PendingFeaturePage title={title} />;
      },
  );

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      { path: "/", element: <LandingPage /> },
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
        ],
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
      { path: "/about", element: <ExternalRedirectPage to={COMPANY.aboutUrl} label="our About page" /> },
      { path: "/contact", element: <ExternalRedirectPage to={COMPANY.contactUrl} label="our Contact page" /> },
      {
        path: "/app",
        element: <ProtectedRoute />,
        children: [
          {
            lazy: appShell("app"),
            children: [
              { index: true, element: <Navigate to="/app/dashboard" replace /> },
              {
                path: "dashboard",
                lazy: screen(
                  () => import("../features/dashboard/dashboard-page"),
                  (m) => m.DashboardPage,
                ),
              },
              {
                path: "projects",
                lazy: screen(
                  () => import("../features/projects/projects-page"),
                  (m) => m.ProjectsPage,
                ),
              },
              {
                path: "projects/:id",
                lazy: screen(
                  () => import("../features/projects/project-detail-page"),
                  (m) => m.ProjectDetailPage,
                ),
              },
              { path: "snagging/*", lazy: pending("Snagging Reports") },
              {
                path: "audits",
                lazy: screen(
                  () => import("../features/audits/audits-page"),
                  (m) => m.AuditsPage,
                ),
              },
              {
                path: "audits/:id",
                lazy: screen(
                  () => import("../features/audits/audit-page"),
                  (m) => m.AuditPage,
                ),
              },
              { path: "profile", lazy: pending("Profile") },
            ],
          },
          {
            path: "admin",
            element: <AdminRoute />,
            children: [
              {
                lazy: appShell("admin"),
                children: [
                  {
                    index: true,
                    lazy: screen(
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
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
