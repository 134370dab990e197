// External assignees (issue 27): people outside the workspace — a subcontractor's foreman, say —
// with a name, a company and an email, no account and no seat. A report is assigned to one exactly
// as to a member: its id goes wherever an assignee id goes (`assignedTo`, `assigneeId`).
import { z } from "zod";
import { plainString } from "./text";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (label: string, max: number) =>
  plainString({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** POST /api/contacts and PUT /api/contacts/{id}. */
export const ContactInputSchema = z.object({
  name: text("Name", 100),
  company: text("Company", 100),
  email: text("Email", 254).regex(EMAIL_PATTERN, "Invalid email address"),
});
export type ContactInput = z.input<typeof ContactInputSchema>;
export type ContactFields = z.output<typeof ContactInputSchema>;

/** A contact as the picker and the Team page show it. */
export const ContactSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    company: z.string(),
    email: z.string(),
    /** Reports assigned to the contact now (what deleting it would unassign). */
    reportCount: z.number().int(),
    createdAt: z.number(),
  })
  .meta({ id: "Contact" });
export type Contact = z.infer<typeof ContactSchema>;
export const ContactListSchema = z.object({ contacts: z.array(ContactSchema) });
export const ContactAnswerSchema = z.object({ contact: ContactSchema });
/** DELETE /api/contacts/{id}: how many reports it was the assignee of (now unassigned). */
export const ContactRemovedSchema = z.object({ unassigned: z.number().int() });

/** How an assignee reads everywhere it is shown: "Pat Doyle (Acme Plumbing)" for a contact. */
export const contactLabel = (name: string, company: string | null): string => (company ? `${name} (${company})` : name);
