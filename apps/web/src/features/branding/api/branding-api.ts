import type { Branding, BrandingInput } from "@sitesnag/shared/branding";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

type Team = { members: { id: string; workspaceRole: "owner" | "member" }[] };

export const useBranding = () =>
  useQuery({
    queryKey: ["branding"],
    queryFn: async () => (await api<{ branding: Branding }>("/workspace/branding")).branding,
  });

/** The Team page's query (same key): the server's answer says who owns the workspace. */
export const useTeamRoles = () => useQuery({ queryKey: ["team"], queryFn: () => api<Team>("/team") });

export const useSaveBranding = () =>
  useMutation({
    mutationFn: (body: BrandingInput) =>
      api<{ branding: Branding }>("/workspace/branding", { method: "PUT", body }).then((r) => r.branding),
  });

export const useUploadLogo = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("logo", file, file.name);
      return api<{ branding: Branding }>("/workspace/branding/logo", { method: "PUT", body: form }).then(
        (r) => r.branding,
      );
    },
  });

export const useRemoveLogo = () =>
  useMutation({
    mutationFn: () =>
      api<{ branding: Branding }>("/workspace/branding/logo", { method: "DELETE" }).then((r) => r.branding),
  });
