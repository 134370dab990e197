// Company branding (issue 27): what a workspace's owners put on every PDF the product makes.
import { z } from "zod";
import { plainString } from "./text";

export const MAX_LOGO_BYTES = 1024 * 1024;
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/svg+xml"] as const;

const ACCENT_MESSAGE = "Accent colour must be a colour such as #ea580c";

/** PUT /api/workspace/branding */
export const BrandingInputSchema = z.object({
  /** Empty: the product's own name. */
  companyName: plainString({ error: "Company name must be text" })
    .trim()
    .max(80, "Company name must be at most 80 characters"),
  /** Empty: the product's own colour. */
  accentColour: z
    .string({ error: ACCENT_MESSAGE })
    .trim()
    .regex(/^(#[0-9a-fA-F]{6})?$/, ACCENT_MESSAGE),
});
export type BrandingInput = z.input<typeof BrandingInputSchema>;

export const BrandingSchema = z.object({
  companyName: z.string().nullable(),
  accentColour: z.string().nullable(),
  /** Same-origin URL of the logo as rendered for PDFs (PNG), or null. */
  logoUrl: z.string().nullable(),
});
export type Branding = z.infer<typeof BrandingSchema>;
/** Every /api/workspace/branding answer. */
export const BrandingAnswerSchema = z.object({ branding: BrandingSchema });
