// The photo-description codec (SPEC §3). A report's description holds one segment per photo:
//   📷 Photo 1 - Kitchen, flat 2.04: Cracked tile in front of the sink
// separated by blank lines. Reading splits at the camera markers and pairs segment N with
// attachment N; a segment that does not have the shape shows 'Location not specified' and its
// remainder (or 'No description'). Parsing is linear in the input (no backtracking regexes), so a
// hostile description cannot stall the server or the browser.

export const CAMERA_MARKER = "📷";
export const NO_LOCATION = "Location not specified";
export const NO_DESCRIPTION = "No description";

/** U+2236 RATIO: looks like a colon but does not end the location. */
const COLON_LOOKALIKE = "∶";
const SEGMENT_SEPARATOR = "\n\n";
const MARKER = /📷[ \t]*Photo[ \t]+\d{1,9}/gu;
const MARKER_AT_START = /^📷[ \t]*Photo[ \t]+(\d{1,9})/u;

export type PhotoText = { location: string; description: string };
export type PhotoSegment = PhotoText & { number: number | null; matched: boolean };

const withoutMarker = (text: string) => text.split(CAMERA_MARKER).join("");

function cleanLocation(location: string): string {
  return withoutMarker(location)
    .replace(/[\r\n\t]+/g, " ")
    .split(":")
    .join(COLON_LOOKALIKE)
    .replace(/ {2,}/g, " ")
    .trim();
}

/** One segment per photo, in order. A colon in a location and any camera marker are neutralised. */
export function writePhotoDescription(photos: readonly PhotoText[]): string {
  return photos
    .map(
      (photo, i) =>
        `${CAMERA_MARKER} Photo ${i + 1} - ${cleanLocation(photo.location)}: ${withoutMarker(photo.description).trim()}`,
    )
    .join(SEGMENT_SEPARATOR);
}

function parseSegment(segment: string): PhotoSegment {
  const marker = MARKER_AT_START.exec(segment);
  if (!marker) {
    const text = segment.trim();
    return { number: null, matched: false, location: NO_LOCATION, description: text || NO_DESCRIPTION };
  }
  const number = Number(marker[1]);
  const rest = segment.slice(marker[0].length).trimStart();
  const colon = rest.indexOf(":");
  const newline = rest.indexOf("\n");
  if (rest.startsWith("-") && colon > 0 && (newline < 0 || colon < newline)) {
    const location = rest.slice(1, colon).trim();
    const description = rest.slice(colon + 1).trim();
    return {
      number,
      matched: true,
      location: location || NO_LOCATION,
      description: description || NO_DESCRIPTION,
    };
  }
  const remainder = (rest.startsWith("-") ? rest.slice(1) : rest).trim();
  return { number, matched: false, location: NO_LOCATION, description: remainder || NO_DESCRIPTION };
}

/** Splits a description at its camera markers. Text before the first marker is a segment of its own. */
export function parsePhotoDescription(description: string): PhotoSegment[] {
  const starts = [...description.matchAll(MARKER)].map((m) => m.index);
  const cuts = starts[0] === 0 ? starts : [0, ...starts];
  const segments: PhotoSegment[] = [];
  for (let i = 0; i < cuts.length; i += 1) {
    const piece = description.slice(cuts[i], cuts[i + 1] ?? description.length);
    if (piece.trim() !== "") segments.push(parseSegment(piece));
  }
  return segments;
}

/** Segment N for attachment N; a photo without a segment gets both fallbacks. */
export function pairPhotoSegments<A>(
  description: string,
  attachments: readonly A[],
): (PhotoText & { attachment: A })[] {
  const segments = parsePhotoDescription(description);
  return attachments.map((attachment, i) => {
    const segment = segments[i];
    return {
      attachment,
      location: segment?.location ?? NO_LOCATION,
      description: segment?.description ?? NO_DESCRIPTION,
    };
  });
}
