// The workspace's webhooks (issue 38): read and changed by its owner on the Webhooks page. Every
// success refetches the lists (app/query-client.ts); a new endpoint's signing secret lives only in
// the create mutation's answer, never in the query cache.
import type { Webhook, WebhookCreate, WebhookCreated, WebhookDelivery, WebhookPatch } from "@sitesnag/shared/webhooks";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const WEBHOOKS_KEY = ["webhooks"] as const;
const path = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

export const useWebhooks = (enabled: boolean) =>
  useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: async () => (await api<{ webhooks: Webhook[] }>("/webhooks")).webhooks,
    enabled,
  });

/** A webhook's latest deliveries, read again every few seconds while shown (a test lands within one). */
export const useWebhookDeliveries = (id: string) =>
  useQuery({
    queryKey: [...WEBHOOKS_KEY, id, "deliveries"],
    queryFn: async () => (await api<{ deliveries: WebhookDelivery[] }>(`${path(id)}/deliveries`)).deliveries,
    refetchInterval: 3_000,
  });

export const useCreateWebhook = () =>
  useMutation({
    mutationFn: (input: WebhookCreate) => api<WebhookCreated>("/webhooks", { method: "POST", body: input }),
  });

export const useEditWebhook = () =>
  useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: WebhookPatch }) =>
      api<Webhook>(path(id), { method: "PATCH", body: patch }),
  });

export const useDeleteWebhook = () =>
  useMutation({ mutationFn: (id: string) => api<void>(path(id), { method: "DELETE" }) });

export const useTestWebhook = () =>
  useMutation({
    mutationFn: (id: string) => api<{ delivery: WebhookDelivery }>(`${path(id)}/test`, { method: "POST" }),
  });

export const useRedeliver = () =>
  useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      api<{ delivery: WebhookDelivery }>(`${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
        method: "POST",
      }),
  });
