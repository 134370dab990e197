import type { AuthResponse, Register, User } from "@sitesnag/shared/auth";
import type { CreatedInvitation, Invitation, InvitationInput, InvitationPreview, Team } from "@sitesnag/shared/team";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type { Team };

export const teamKeys = {
  team: ["team"] as const,
  invitations: ["invitations"] as const,
  recentInvitations: ["invitations", "recent"] as const,
  preview: (token: string) => ["invitation-preview", token] as const,
};

export const useTeam = () => useQuery({ queryKey: teamKeys.team, queryFn: () => api<Team>("/team") });

export const useInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: teamKeys.invitations,
    queryFn: async () => (await api<{ invitations: Invitation[] }>("/invitations")).invitations,
    enabled,
  });

/** Accepted and expired invitations of the last 30 days. */
export const useRecentInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: teamKeys.recentInvitations,
    queryFn: async () => (await api<{ invitations: Invitation[] }>("/invitations/recent")).invitations,
    enabled,
  });

export const useCreateInvitation = () =>
  useMutation({
    mutationFn: (body: InvitationInput) => api<CreatedInvitation>("/invitations", { method: "POST", body }),
  });

/** A new link for an invitation with an address, mailed again (the old link stops working). */
export const useResendInvitation = () =>
  useMutation({
    mutationFn: (id: string) =>
      api<CreatedInvitation>(`/invitations/${encodeURIComponent(id)}/resend`, { method: "POST" }),
  });

export const useRevokeInvitation = () =>
  useMutation({
    mutationFn: (id: string) => api<void>(`/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });

export const useRemoveMember = () =>
  useMutation({
    mutationFn: (id: string) => api<void>(`/team/members/${encodeURIComponent(id)}`, { method: "DELETE" }),
  });

const tokenPath = (token: string) => `/invitations/token/${encodeURIComponent(token)}`;

export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: teamKeys.preview(token),
    queryFn: async () => (await api<{ invitation: InvitationPreview }>(tokenPath(token))).invitation,
    staleTime: 0,
  });

export const acceptInvitation = async (token: string) =>
  (await api<{ user: User }>(`${tokenPath(token)}/accept`, { method: "POST", body: { confirmMove: true } })).user;

export const registerWithInvitation = (token: string, body: Register) =>
  api<AuthResponse>(`${tokenPath(token)}/register`, { method: "POST", body });

/** The link the owner shares; the token is only ever in this URL. */
export const invitationLink = (token: string) => `${window.location.origin}/invite/${token}`;
