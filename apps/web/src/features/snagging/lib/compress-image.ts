// Moved to the shared photo compressor (lib/photo-compress): kept so older imports keep working.
export { compressImage } from "../../../lib/photo-compress/compress-image";
