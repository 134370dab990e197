// The client side of PUT/HEAD /api/uploads/{sha256} (decision 0025), written against a small
// transport so the browser (fetch + XMLHttpRequest), the service worker and Node tests share it.
// What it guarantees: a photo the server holds is never sent again (HEAD first), a cut upload
// continues from the byte the server reports (never from a guess), and the loop ends either with
// the server holding exactly these bytes or with an error: thrown as it came for a lost
// connection (the caller backs off and tries later), as PhotoRefused when the server refuses the
// photo itself (too large, not an image), which no retry can fix.

export type UploadState = { stored: true } | { stored: false; offset: number };
export type PutAnswer = { status: number; message?: string };

export interface UploadTransport {
  /** HEAD /api/uploads/{sha256}. Throws when the request gets no answer. */
  head(sha256: string): Promise<UploadState>;
  /**
   * PUT the bytes [from, size) of `blob` with Content-Range; `onSent` with the bytes of this
   * request sent so far. Answers the status; throws when the connection is lost.
   */
  put(sha256: string, blob: Blob, from: number, onSent: (sent: number) => void): Promise<PutAnswer>;
}

export class PhotoRefused extends Error {
  override name = "PhotoRefused";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** SHA-256 of a blob in lower-case hex (Web Crypto: browsers, workers and Node alike). */
export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Answers within one upload before giving up for now (each 409/202 is progress or a race). */
const MAX_ROUNDS = 8;

/**
 * Makes sure the server holds `blob` under `sha256`. `onProgress` gets the bytes of the photo the
 * server holds or has been sent, from 0 to blob.size.
 */
export async function uploadPhoto(
  transport: UploadTransport,
  blob: Blob,
  sha256: string,
  onProgress: (bytes: number) => void = () => undefined,
): Promise<void> {
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const state = await transport.head(sha256);
    if (state.stored) {
      onProgress(blob.size);
      return;
    }
    // Every byte is there but another request is still completing it (or the server will on the
    // next HEAD): ask again rather than send nothing.
    if (state.offset >= blob.size) continue;
    const from = state.offset;
    onProgress(from);
    const answer = await transport.put(sha256, blob, from, (sent) => onProgress(from + sent));
    if (answer.status === 200 || answer.status === 201) {
      onProgress(blob.size);
      return;
    }
    // 202: a piece landed, ask again; 409: another request moved the offset, ask again.
    if (answer.status === 202 || answer.status === 409) continue;
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 429) {
      throw new PhotoRefused(answer.message ?? `The server refused this photo (${answer.status}).`, answer.status);
    }
    throw new Error(`The upload answered ${answer.status}; it will be tried again.`);
  }
  throw new Error("The upload did not finish; it will be tried again.");
}
