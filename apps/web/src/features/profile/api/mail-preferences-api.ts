import type { MailPreferences } from "@sitesnag/shared/notification-mail";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const mailPreferencesKey = ["mail-preferences"] as const;

export const useMailPreferences = () =>
  useQuery({ queryKey: mailPreferencesKey, queryFn: () => api<MailPreferences>("/mail/preferences") });

export const useSaveMailPreferences = () =>
  useMutation({
    mutationFn: (body: MailPreferences) => api<MailPreferences>("/mail/preferences", { method: "PUT", body }),
  });
