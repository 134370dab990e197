import { createBrowserRouter, Navigate } from "react-router";
import { COMPANY } from "../config/company";
import { AdminPage } from "../features/admin/admin-page";
import { DemoPage } from "../features/auth/demo-page";
import { LoginPage } from "../features/auth/login-page";
import { LogoutPage } from "../features/auth/logout-page";
import { RegisterPage } from "../features/auth/register-page";
import { SignupPage } from "../features/auth/signup-page";
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { ExternalRedirectPage } from "../features/marketing/external-redirect-page";
import { LandingPage } from "../features/marketing/landing-page";
import { NotFoundPage } from "../features/marketing/not-found-page";
import { ProjectDetailPage } from "../features/projects/project-detail-page";
import { ProjectsPage } from "../features/projects/projects-page";
import { AdminRoute } from "../features/shell/admin-route";
import { AppShell } from "../features/shell/app-shell";
import { PendingFeaturePage } from "../features/shell/pending-feature-page";
import { ProtectedRoute } from "../features/shell/protected-route";
import { SignedOutRoute } from "../features/shell/signed-out-route";
import { RouteErrorScreen } from "./route-error";

export const router = createBrowserRouter([
  {
    errorElement: <RouteErrorScreen />,
    children: [
      { path: "/", element: <LandingPage /> },
      {
        element: <SignedOutRoute />,
        children: [
          { path: "/login", element: <LoginPage /> },
          { path: "/signup", element: <SignupPage /> },
          { path: "/register", element: <RegisterPage /> },
        ],
      },
      { path: "/logout", element: <LogoutPage /> },
      { path: "/demo", element: <DemoPage /> },
      // Legal pages are mostly text: loaded on demand, not on first visit.
      {
        path: "/privacy",
        lazy: async () => ({ Component: (await import("../features/legal/privacy-page")).PrivacyPage }),
      },
      { path: "/terms", lazy: async () => ({ Component: (await import("../features/legal/terms-page")).TermsPage }) },
      {
        path: "/cookies",
        lazy: async () => ({ Component: (await import("../features/legal/cookies-page")).CookiesPage }),
      },
      { path: "/about", element: <ExternalRedirectPage to={COMPANY.aboutUrl} label="our About page" /> },
      { path: "/contact", element: <ExternalRedirectPage to={COMPANY.contactUrl} label="our Contact page" /> },
      {
        path: "/app",
        element: <ProtectedRoute />,
        children: [
          {
            element: <AppShell />,
            children: [
              { index: true, element: <Navigate to="/app/dashboard" replace /> },
              { path: "dashboard", element: <DashboardPage /> },
              { path: "projects", element: <ProjectsPage /> },
              { path: "projects/:id", element: <ProjectDetailPage /> },
              { path: "snagging/*", element: <PendingFeaturePage title="Snagging Reports" /> },
              { path: "audits/*", element: <PendingFeaturePage title="Site Audits" /> },
              { path: "profile", element: <PendingFeaturePage title="Profile" /> },
            ],
          },
          {
            path: "admin",
            element: <AdminRoute />,
            children: [{ index: true, element: <AdminPage /> }],
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
