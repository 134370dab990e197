import { sectionTitle } from "@sitesnag/shared/audit-template";
import type { ChecklistItem } from "@sitesnag/shared/audits";
import { writePhotoDescription } from "@sitesnag/shared/photo-description";

/**
 * The description of a snag raised from an audit item: one photo-codec segment per photo (the
 * snag screens pair segment N with photo N), or a single "location: text" line without photos.
 */
export function snagDescription(item: ChecklistItem, number: string, auditDay: string, photoCount: number): string {
  const text = [
    item.question,
    item.notes.trim() && `Audit notes: ${item.notes.trim()}`,
    `Raised from the site audit of ${auditDay}.`,
  ]
    .filter(Boolean)
    .join(" ");
  // A custom template's section (decision 0028) is not in the standard list: the number alone.
  const title = sectionTitle(item.section);
  const location = `Audit item ${number}${title === item.section ? "" : `, ${title}`}`;
  if (photoCount === 0) return `${location}: ${text}`;
  return writePhotoDescription(Array.from({ length: photoCount }, () => ({ location, description: text })));
}
