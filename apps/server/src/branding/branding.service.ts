// A workspace's company branding: anyone in it reads it; owners change it. The logo is rendered to
// PNG (logo.ts) and stored under a fresh key each time (keys are never rewritten); the old file is
// deleted after the row names the new one.
import { randomBytes } from "node:crypto";
import type { Branding, BrandingInputSchema } from "@sitesnag/shared/branding";
import type { z } from "zod";
import type { AppContext } from "../context";
import type { UserRow } from "../db/schema";
import { DEFAULT_BRAND, type PdfBrand } from "../pdf/pdf-brand";
import { requireOwner } from "../team/invitations.service";
import { nowSeconds } from "../time";
import { findBranding, saveBranding } from "./branding.repository";
import { renderLogo } from "./logo";

const present = (row: Awaited<ReturnType<typeof findBranding>>): Branding => ({
  companyName: row?.company_name ?? null,
  accentColour: row?.accent_colour ?? null,
  logoUrl: row?.logo_key ? `/files/${row.logo_key}` : null,
});

export async function getBranding(ctx: AppContext, user: UserRow): Promise<Branding> {
  return present(await findBranding(ctx.db, user.workspace_id));
}

export async function updateBranding(
  ctx: AppContext,
  user: UserRow,
  input: z.output<typeof BrandingInputSchema>,
): Promise<Branding> {
  requireOwner(user);
  await saveBranding(ctx.db, user.workspace_id, {
    company_name: input.companyName || null,
    accent_colour: input.accentColour ? input.accentColour.toLowerCase() : null,
    updated_at: nowSeconds(),
  });
  return getBranding(ctx, user);
}

async function replaceLogo(ctx: AppContext, user: UserRow, key: string | null): Promise<Branding> {
  const before = await findBranding(ctx.db, user.workspace_id);
  await saveBranding(ctx.db, user.workspace_id, { logo_key: key, updated_at: nowSeconds() });
  if (before?.logo_key && before.logo_key !== key) {
    await ctx.storage
      .delete([before.logo_key])
      .catch((err: unknown) => ctx.log.warn({ err }, "could not delete old logo"));
  }
  return getBranding(ctx, user);
}

/** The owner check comes before the upload is read (`read` is called only for an owner). */
export async function uploadLogo(ctx: AppContext, user: UserRow, read: () => Promise<Buffer>): Promise<Branding> {
  requireOwner(user);
  const png = await renderLogo(ctx.logos, await read());
  const key = `branding/${randomBytes(16).toString("hex")}.png`;
  await ctx.storage.put(key, png, "image/png");
  return replaceLogo(ctx, user, key);
}

export async function removeLogo(ctx: AppContext, user: UserRow): Promise<Branding> {
  requireOwner(user);
  return replaceLogo(ctx, user, null);
}

/** What a workspace's PDFs carry in their header (SiteSnag's own without branding). */
export async function loadPdfBrand(ctx: AppContext, workspaceId: string): Promise<PdfBrand> {
  const row = await findBranding(ctx.db, workspaceId);
  if (!row) return DEFAULT_BRAND;
  let logo: Uint8Array | null = null;
  if (row.logo_key) {
    const stream = await ctx.storage.get(row.logo_key).catch(() => null);
    if (stream) {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
      logo = new Uint8Array(Buffer.concat(chunks));
    }
  }
  return {
    name: row.company_name ?? DEFAULT_BRAND.name,
    accent: row.accent_colour ?? DEFAULT_BRAND.accent,
    logo,
  };
}
