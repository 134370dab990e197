// Workspace teams: invitations by link (optionally restricted to one email address) and members.
import { z } from "zod";
import { RegisterSchema } from "./auth";
import { plainString } from "./text";
import { EMAIL_PATTERN, MemberSchema } from "./users";

export const INVITATION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** POST /api/invitations: an empty email makes an open link anyone with it may use once. */
export const InvitationInputSchema = z.object({
  email: plainString()
    .trim()
    .max(254, "Email must be at most 254 characters")
    .refine((v) => v === "" || EMAIL_PATTERN.test(v), "Invalid email address")
    .optional()
    .default(""),
});
export type InvitationInput = z.input<typeof InvitationInputSchema>;

/** A pending invitation as the Team page lists it (the token itself is shown only once). */
export const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string().nullable(),
    invitedByName: z.string().nullable(),
    createdAt: z.number(),
    expiresAt: z.number(),
    /** pending, or (GET /api/invitations/recent) accepted or expired. */
    state: z.enum(["pending", "accepted", "expired"]),
    acceptedAt: z.number().nullable(),
    acceptedByName: z.string().nullable(),
  })
  .meta({ id: "Invitation" });
export type Invitation = z.infer<typeof InvitationSchema>;

/** What creating or resending an invitation answers: the link's token is shown this once. */
export const CreatedInvitationSchema = z.object({
  invitation: InvitationSchema,
  /** The link's secret, shown once. */
  token: z.string(),
  emailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof CreatedInvitationSchema>;
export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema) });

/** What the public accept page learns from a token before anyone signs in. */
export const InvitationPreviewSchema = z.object({
  workspaceName: z.string(),
  invitedByName: z.string().nullable(),
  email: z.string().nullable(),
  expiresAt: z.number(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** Accepting with the signed-in account; moving out of another workspace needs `confirmMove`. */
export const AcceptInvitationSchema = z
  .object({ confirmMove: z.boolean().optional().default(false) })
  .nullish()
  .transform((v) => v ?? { confirmMove: false });

/** Accepting with a new account: the sign-up fields. */
export const InvitationRegisterSchema = RegisterSchema;

export const TOKEN_PARAM_MAX = 200;

/** GET /api/team. `twoFactor`: whether the member has a second factor (owners' view only, issue 40). */
export const TeamSchema = z.object({
  workspace: z.object({ id: z.string(), name: z.string(), isDemo: z.boolean() }),
  members: z.array(MemberSchema.extend({ twoFactor: z.boolean().optional() })),
});
export type Team = z.infer<typeof TeamSchema>;
export type TeamMember = Team["members"][number];
