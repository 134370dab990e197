import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import type {
  MfaStatus,
  PasskeyRegistered,
  RecoveryCodes,
  SessionInfo,
  TotpSetup,
  WorkspaceSecurity,
} from "@sitesnag/shared/mfa";
import type { SecurityLogPage } from "@sitesnag/shared/security-log";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiFetch } from "../../../lib/api-client";
import { answerWithPasskey, createPasskey } from "../passkey-browser";

export const mfaKey = ["mfa"] as const;
export const sessionsKey = ["sessions"] as const;
export const workspaceSecurityKey = ["workspace-security"] as const;

export const useMfaStatus = () => useQuery({ queryKey: mfaKey, queryFn: () => api<MfaStatus>("/auth/mfa") });

export const startTotpSetup = () => api<TotpSetup>("/auth/mfa/totp", { method: "POST" });
/** The pending secret's QR code, drawn by the server as SVG (no QR library in the app). */
export const fetchTotpQr = async (): Promise<string> => (await apiFetch("/auth/mfa/totp/qr")).text();

function useMfaChange<T>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<T>(path, { method: "POST", body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: mfaKey }),
  });
}
export const useConfirmTotp = () => useMfaChange<RecoveryCodes>("/auth/mfa/totp/confirm");
export const useDisableTotp = () => useMfaChange<void>("/auth/mfa/totp/disable");
export const useRegenerateCodes = () => useMfaChange<RecoveryCodes>("/auth/mfa/recovery-codes");

/** Registers a passkey: options from the server, the browser's dialog, the server's check. */
export async function registerPasskey(name: string): Promise<PasskeyRegistered> {
  const options = await api<PublicKeyCredentialCreationOptionsJSON>("/auth/passkeys/registration/options", {
    method: "POST",
  });
  const response = await createPasskey(options);
  return api<PasskeyRegistered>("/auth/passkeys/registration/verify", { method: "POST", body: { name, response } });
}

/** A fresh answer of one of the account's passkeys, to confirm a change. */
async function freshPasskeyAnswer() {
  const options = await api<PublicKeyCredentialRequestOptionsJSON>("/auth/passkeys/confirm/options", {
    method: "POST",
  });
  return answerWithPasskey(options);
}

/** New recovery codes, confirmed by a passkey instead of a code. */
export function useRegenerateCodesWithPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      api<RecoveryCodes>("/auth/mfa/recovery-codes", {
        method: "POST",
        body: { response: await freshPasskeyAnswer() },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: mfaKey }),
  });
}

/** Removes a passkey, confirmed by a code or (withPasskey) by one of the account's passkeys. */
export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, code, withPasskey }: { id: string; code?: string; withPasskey?: boolean }) => {
      const body = withPasskey ? { response: await freshPasskeyAnswer() } : { code };
      return api<void>(`/auth/passkeys/${encodeURIComponent(id)}/remove`, { method: "POST", body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: mfaKey }),
  });
}

export const useSessions = () =>
  useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await api<{ sessions: SessionInfo[] }>("/auth/sessions")).sessions,
  });

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export const useWorkspaceSecurity = () =>
  useQuery({ queryKey: workspaceSecurityKey, queryFn: () => api<WorkspaceSecurity>("/workspace/security") });

export function useSaveWorkspaceSecurity() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkspaceSecurity) => api<WorkspaceSecurity>("/workspace/security", { method: "PUT", body }),
    onSuccess: (saved) => client.setQueryData(workspaceSecurityKey, saved),
  });
}

export type LogFilters = { workspace: boolean; type: string; from: string; to: string };

export const logQuery = (filters: LogFilters, cursor?: string): string => {
  const params = new URLSearchParams();
  if (filters.workspace) params.set("workspace", "1");
  if (filters.type) params.set("type", filters.type);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (cursor) params.set("cursor", cursor);
  const query = params.toString();
  return query ? `?${query}` : "";
};

export const useSecurityLog = (filters: LogFilters) =>
  useInfiniteQuery({
    queryKey: ["security-log", filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => api<SecurityLogPage>(`/security-log${logQuery(filters, pageParam)}`),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
