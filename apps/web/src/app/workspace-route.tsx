// /app/workspace, /app/workspace/api-tokens and /app/workspace/webhooks (issue 38): the
// workspace's settings (branding), its owner's API tokens and webhooks, composed here because features do not import each other. One lazy
// route for both keeps the router's entry chunk, which /app/snagging loads first, as it was.
import { Navigate, useParams } from "react-router";
import { ApiTokensPage } from "../features/api-tokens/api-tokens-page";
import { WorkspaceSettingsPage } from "../features/branding/workspace-settings-page";
import { WebhooksPage } from "../features/webhooks/webhooks-page";

export function WorkspaceRoute() {
  const { section } = useParams();
  if (section === undefined) return <WorkspaceSettingsPage />;
  if (section === "api-tokens") return <ApiTokensPage />;
  if (section === "webhooks") return <WebhooksPage />;
  return <Navigate to="/app/workspace" replace />;
}
