// Upload limits (DESIGN §4), in a module without zod so screens can read them without loading it.
export const MAX_PHOTOS_PER_REPORT = 20;
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const ACCEPTED_PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
