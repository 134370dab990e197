import type { Contact, ContactInput } from "@sitesnag/shared/contacts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Under the "users" root, so the picker has its contacts offline like its members (query-cache-policy). */
export const CONTACTS_KEY = ["users", { scope: "contacts" }] as const;

export const useContacts = (enabled = true) =>
  useQuery({
    queryKey: CONTACTS_KEY,
    queryFn: async () => (await api<{ contacts: Contact[] }>("/contacts")).contacts,
    staleTime: 5 * 60_000,
    enabled,
  });

export const useCreateContact = () =>
  useMutation({
    mutationFn: async (body: ContactInput) =>
      (await api<{ contact: Contact }>("/contacts", { method: "POST", body })).contact,
  });

export const useUpdateContact = () =>
  useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ContactInput }) =>
      (await api<{ contact: Contact }>(`/contacts/${id}`, { method: "PUT", body })).contact,
  });

export const useDeleteContact = () =>
  useMutation({
    mutationFn: (id: string) => api<{ unassigned: number }>(`/contacts/${id}`, { method: "DELETE" }),
  });
