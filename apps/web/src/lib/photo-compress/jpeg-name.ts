// The name a compressed photo is uploaded under (kept out of create-report.ts so the form's first
// load does not carry the upload code: issue 7).
export const jpegName = (original: string): string => `${original.replace(/\.[^./\\]+$/, "") || "photo"}.jpg`;
