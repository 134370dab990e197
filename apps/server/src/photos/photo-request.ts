// What a request carrying photos is read into: snagging.uploads.ts reads one (multipart or JSON),
// uploads/upload-references.ts adds the photos it names by hash. Both build on this module and
// neither imports the other's, so the photo-reading floor has no circle through a feature.
import { hasUnsafeCharacters } from "@sitesnag/shared/text";
import type { ProcessedPhoto } from "./photos";

export type UploadedPhoto = ProcessedPhoto & { originalName: string; sourceSha256: string };
/**
 * `photoHashes`: photos named by upload hash (JSON only, decision 0025), resolved by the service;
 * `photoNames`: their file names, in the same order (decision 0035).
 */
export type ReportRequest = { fields: unknown; photos: UploadedPhoto[]; photoHashes?: string[]; photoNames?: string[] };

export function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((c) => !hasUnsafeCharacters(c))
    .join("")
    .trim()
    .slice(0, 200);
  return clean || "photo";
}
