// Single sign-on (decision 0078): the owner's settings, and the two steps of signing in.
import type { AuthResponse } from "@sitesnag/shared/auth";
import {
  SSO_FLOW_STORAGE_KEY,
  type SsoSettings,
  type SsoSettingsInput,
  type SsoStart,
  type SsoStartAnswer,
} from "@sitesnag/shared/sso";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const ssoSettingsKey = ["sso-settings"] as const;

export const useSsoSettings = (enabled: boolean) =>
  useQuery({ queryKey: ssoSettingsKey, queryFn: () => api<SsoSettings>("/workspace/sso"), enabled });

export function useSaveSsoSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsInput) => api<SsoSettings>("/workspace/sso", { method: "PUT", body }),
    onSuccess: (saved) => client.setQueryData(ssoSettingsKey, saved),
  });
}

export function useRemoveSso() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>("/workspace/sso", { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ssoSettingsKey }),
  });
}

/**
 * Starts a sign-in: the flow token stays in this tab (sessionStorage) until the provider sends the
 * browser back, so an answer opened in another browser cannot sign that browser in.
 */
export async function startSso(body: SsoStart): Promise<void> {
  const answer = await api<SsoStartAnswer>("/auth/sso/start", { method: "POST", body });
  sessionStorage.setItem(SSO_FLOW_STORAGE_KEY, answer.flowToken);
  window.location.assign(answer.authorizationUrl);
}

/** The flow token of this tab, taken once (a second read answers null). */
export function takeFlowToken(): string | null {
  const token = sessionStorage.getItem(SSO_FLOW_STORAGE_KEY);
  sessionStorage.removeItem(SSO_FLOW_STORAGE_KEY);
  return token;
}

export const finishSso = (flowToken: string, params: string) =>
  api<AuthResponse>("/auth/sso/callback", { method: "POST", body: { flowToken, params } });
