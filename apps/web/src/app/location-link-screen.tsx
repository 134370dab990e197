// /l/{locationId}: the link a location's QR label holds (issue 36). A signed-in member goes
// straight to a new report with the project and the location filled in; someone signed out gets
// the sign-in form here, at this address, and goes on once signed in; anyone else, and an unknown id, sees the
// same page as any unknown address, so a label tells an outsider nothing. Offline, the location is
// looked up in the project trees this device has kept.
import type { QueryClient } from "@tanstack/react-query";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Navigate, useParams } from "react-router";
import { LoadingState } from "../components/states";
import { LoginPage } from "../features/auth/login-page";
import type { LocationItem } from "../features/locations/lib/location-tree";
import { NotFoundPage } from "../features/marketing/not-found-page";
import { ApiError, api } from "../lib/api-client";
import { useAuthStore } from "../stores/auth-store";
import { useQueryCacheRestored } from "./persisted-query-cache";

type Found = { projectId: string; locationId: string };

/** A location in a cached project tree (["projects", projectId, "locations"]). */
function findCached(queryClient: QueryClient, id: string): Found | null {
  for (const [key, data] of queryClient.getQueriesData<LocationItem[]>({ queryKey: ["projects"] })) {
    if (key[2] === "locations" && typeof key[1] === "string" && data?.some((l) => l.id === id)) {
      return { projectId: key[1], locationId: id };
    }
  }
  return null;
}

function SignedInLink({ id, userId }: { id: string; userId: string }) {
  const queryClient = useQueryClient();
  const restored = useQueryCacheRestored(queryClient, userId);
  const lookup = useQuery({
    queryKey: ["projects", "location-link", id],
    queryFn: async (): Promise<Found> => {
      const answer = await api<{ location: { id: string }; projectId: string }>(`/locations/${encodeURIComponent(id)}`);
      return { projectId: answer.projectId, locationId: answer.location.id };
    },
    retry: false,
  });
  const cached = restored ? findCached(queryClient, id) : null;
  const found = lookup.data ?? (lookup.isError || lookup.fetchStatus === "paused" ? cached : null);
  if (found) {
    const search = new URLSearchParams({ projectId: found.projectId, locationId: found.locationId });
    return <Navigate to={`/app/snagging/new?${search}`} replace />;
  }
  if (lookup.error instanceof ApiError && lookup.error.status < 500) return <NotFoundPage />;
  if (lookup.isError || (lookup.fetchStatus === "paused" && restored)) return <NotFoundPage />;
  return <LoadingState />;
}

export function LocationLinkScreen() {
  const { id = "" } = useParams();
  const userId = useAuthStore((s) => (s.isAuthenticated ? s.user?.id : undefined));
  // Signing in stores the session, which re-renders this screen signed in: no redirect to keep.
  if (!userId) return <LoginPage />;
  return <SignedInLink id={id} userId={userId} />;
}
