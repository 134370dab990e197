// /app/workspace and /app/workspace/api-tokens (issue 38): the workspace's settings (branding) and
// its owner's API tokens, composed here because features do not import each other. One lazy
// route for both keeps the router's entry chunk, which /app/snagging loads first, as it was.
import { Navigate, useParams } from "react-router";
import { ApiTokensPage } from "../features/api-tokens/api-tokens-page";
import { WorkspaceSettingsPage } from "../features/branding/workspace-settings-page";

export function WorkspaceRoute() {
  const { section } = useParams();
  if (section === undefined) return <WorkspaceSettingsPage />;
  if (section === "api-tokens") return <ApiTokensPage />;
  return <Navigate to="/app/workspace" replace />;
}
