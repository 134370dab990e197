// Where a sheet's files live in FileStorage. Each revision gets its own folder under a fresh
// 128-bit key (the only secret guarding its /files/ URLs, as for photos): the tiles at
// `<key>/<level>/<col>-<row>.jpg` (Deep Zoom numbering), `<key>/thumb.jpg` and `<key>/preview.jpg`.
// The uploaded file is kept at its own key until no revision names it. Tile names are a function
// of the rendered size, so deleting a revision needs no listing of the store.
import { randomBytes } from "node:crypto";

export const TILE_SIZE = 256;

export const newSheetKey = (): string => `sheets/${randomBytes(16).toString("hex")}`;

export const sourceKeyFor = (key: string, kind: "pdf" | "jpeg" | "png"): string =>
  `${key}/source.${kind === "jpeg" ? "jpg" : kind}`;

export const thumbnailKey = (tilesKey: string): string => `${tilesKey}/thumb.jpg`;
export const previewKey = (tilesKey: string): string => `${tilesKey}/preview.jpg`;

/** The viewer's tile address template (`{level}`, `{col}`, `{row}` replaced by the client). */
export const tileUrlTemplate = (tilesKey: string): string => `/files/${tilesKey}/{level}/{col}-{row}.jpg`;

/** Deep Zoom's top level: level 0 is 1×1 px, each level doubles, the top one is full size. */
export const maxLevelOf = (width: number, height: number): number => Math.ceil(Math.log2(Math.max(1, width, height)));

/** Every tile of a width × height pyramid, as sharp's `tile({layout: "dz"})` writes them. */
export function tileNames(width: number, height: number): string[] {
  const top = maxLevelOf(width, height);
  const names: string[] = [];
  for (let level = 0; level <= top; level += 1) {
    const scale = 2 ** (top - level);
    const cols = Math.ceil(Math.ceil(width / scale) / TILE_SIZE);
    const rows = Math.ceil(Math.ceil(height / scale) / TILE_SIZE);
    for (let col = 0; col < cols; col += 1) {
      for (let row = 0; row < rows; row += 1) names.push(`${level}/${col}-${row}.jpg`);
    }
  }
  return names;
}

/** Every file a rendered revision put in storage (tiles, thumbnail, preview). */
export const revisionFileKeys = (tilesKey: string, width: number, height: number): string[] =>
  width > 0 && height > 0
    ? [...tileNames(width, height).map((n) => `${tilesKey}/${n}`), thumbnailKey(tilesKey), previewKey(tilesKey)]
    : [];
