// Moved to the shared photo compressor (lib/photo-compress): kept so older imports keep working.
export { jpegName } from "../../../lib/photo-compress/jpeg-name";
