// Single sign-on with OpenID Connect (issue 40, decision 0078): the owner's settings and the
// sign-in's two steps. POST /api/auth/sso/start {email} answers the identity provider's address and
// a flow token the browser keeps for this tab; the provider sends the browser back to /sso/callback,
// whose page posts {flowToken, params} to POST /api/auth/sso/callback and gets a session.
import { z } from "zod";
import { plainString } from "./text";

const EMAIL_MAX = 254;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const SsoSettingsInputSchema = z.object({
  issuer: plainString({ error: "Enter the issuer URL" })
    .trim()
    .min(1, "Enter the issuer URL")
    .max(500, "Issuer URL must be at most 500 characters")
    .refine(
      (v) => /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v),
      "Enter the issuer URL, such as https://login.example.com",
    ),
  clientId: plainString({ error: "Enter the client ID" })
    .trim()
    .min(1, "Enter the client ID")
    .max(300, "Client ID must be at most 300 characters"),
  /** Omitted or empty: keep the secret already stored. */
  clientSecret: z.string().max(1000, "Client secret must be at most 1000 characters").optional(),
  domain: plainString({ error: "Enter the email domain" })
    .trim()
    .toLowerCase()
    .refine((v) => DOMAIN.test(v), "Enter an email domain, such as example.com"),
  enabled: z.boolean({ error: "enabled must be true or false" }),
  /** false: members sign in with single sign-on only (owners keep their password and second factor). */
  passwordSignIn: z.boolean({ error: "passwordSignIn must be true or false" }),
});
export type SsoSettingsInput = z.input<typeof SsoSettingsInputSchema>;
export type SsoSettingsValues = z.output<typeof SsoSettingsInputSchema>;

/** GET /api/workspace/sso (owners). */
export const SsoSettingsSchema = z.object({
  configured: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  domain: z.string(),
  enabled: z.boolean(),
  passwordSignIn: z.boolean(),
  /** The address to register at the identity provider. */
  redirectUri: z.string(),
  /** Members of the workspace who have signed in through the provider. */
  linkedMembers: z.number().int(),
});
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;

export const SsoStartSchema = z.object({
  email: plainString({ error: "Enter your work email" })
    .trim()
    .min(1, "Enter your work email")
    .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "Enter a valid email address"),
});
export type SsoStart = z.input<typeof SsoStartSchema>;
/** POST /api/auth/sso/start: where to send the browser, and the token that finishes the flow. */
export const SsoStartAnswerSchema = z.object({ authorizationUrl: z.string(), flowToken: z.string() });
export type SsoStartAnswer = z.infer<typeof SsoStartAnswerSchema>;

export const SsoCallbackSchema = z.object({
  flowToken: z.string({ error: "This sign-in has expired. Please start again." }).min(1).max(200),
  /** The query string the identity provider sent the browser back with (code, state, iss…). */
  params: z.string({ error: "The identity provider's answer is missing" }).max(8000),
});
export type SsoCallback = z.input<typeof SsoCallbackSchema>;

/** The web app's route the identity provider sends the browser back to. */
export const SSO_CALLBACK_PATH = "/sso/callback";
/** sessionStorage key holding the flow token between start and callback. */
export const SSO_FLOW_STORAGE_KEY = "sitesnag.sso.flow";
