// API tokens (issue 38, decision 0066): a workspace owner's long-lived credentials for scripts and
// integrations. The secret (`sst_` + 43 base62 characters) is shown once; the API lists tokens by
// their prefix. A `read` token may only read (GET); `read write` may also change what its
// workspace's owner may change, except accounts, teams, tokens and webhooks (session only).
import { z } from "zod";
import { plainString } from "./text";

export const API_TOKEN_PREFIX = "sst_";
export const MAX_API_TOKEN_NAME = 80;
/** Tokens a workspace may hold at once (revoked ones not counted). */
export const MAX_API_TOKENS = 50;

export const API_TOKEN_SCOPES = ["read", "read write"] as const;
export const ApiTokenScopesSchema = z.enum(API_TOKEN_SCOPES, { error: "Scopes must be read or read write" });
export type ApiTokenScopes = z.infer<typeof ApiTokenScopesSchema>;

export const API_TOKEN_EXPIRY_PAST = "The expiry date must be in the future";

export const ApiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The secret's first characters (`sst_` and eight more), enough to recognise it. */
    prefix: z.string(),
    scopes: ApiTokenScopesSchema,
    /** Epoch seconds. */
    createdAt: z.number(),
    /** Epoch seconds, to the minute (last use is written at most once a minute); null if never used. */
    lastUsedAt: z.number().nullable(),
    /** Epoch seconds; null: never expires. */
    expiresAt: z.number().nullable(),
    /** Who made it; null once that account is gone. */
    createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: "ApiToken" });
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const ApiTokenListSchema = z.object({ tokens: z.array(ApiTokenSchema) });
export type ApiTokenList = z.infer<typeof ApiTokenListSchema>;

/** POST /api/tokens. */
export const ApiTokenCreateSchema = z.object({
  name: plainString({ error: "Token name is required" })
    .trim()
    .min(1, "Token name is required")
    .max(MAX_API_TOKEN_NAME, `Token name must be at most ${MAX_API_TOKEN_NAME} characters`),
  scopes: ApiTokenScopesSchema,
  expiresAt: z
    .number({ error: "The expiry date must be a date (epoch seconds)" })
    .int("The expiry date must be a date (epoch seconds)")
    .positive("The expiry date must be a date (epoch seconds)")
    .max(253_402_300_799, "The expiry date must be a date (epoch seconds)")
    .nullable()
    .optional(),
});
export type ApiTokenCreate = z.output<typeof ApiTokenCreateSchema>;

/** 201 answer: the secret appears here and nowhere else, ever. */
export const ApiTokenCreatedSchema = z.object({ token: ApiTokenSchema, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreatedSchema>;
