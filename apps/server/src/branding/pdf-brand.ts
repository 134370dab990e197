// What a workspace's PDFs carry in their header: the company's name, its logo (PNG, already made
// safe) and an accent colour. Without a workspace's own, SiteSnag's.
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { C } from "../snagging/pdf-style";

export type PdfBrand = { name: string; accent: string; logo: Uint8Array | null };

export const DEFAULT_BRAND: PdfBrand = { name: PRODUCT_NAME, accent: C.brand, logo: null };
