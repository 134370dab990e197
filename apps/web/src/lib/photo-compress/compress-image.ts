// compressImage(): a photo as the upload should carry it — upright, at most 2048 px on its long edge,
// JPEG quality 0.75 (DEFAULT_COMPRESS). The one compressor of the web app: the snag form, audit
// photos, fix photos and comment photos all come through here (compressPhotoFile for a File).
// Done in a worker with OffscreenCanvas where the browser has both, otherwise on the main thread
// with a <canvas>. One worker serves every photo, one at a time, so twenty photos
// picked at once do not hold twenty decoded 12 MP bitmaps in memory together.
import type { CompressRequest, CompressResponse } from "./compress-image.worker";

import { jpegName } from "./jpeg-name";

export { DEFAULT_COMPRESS, UnreadablePhotoError } from "./compress-core";

import {
  type CompressOptions,
  type CompressResult,
  compressWith,
  DEFAULT_COMPRESS,
  type SurfaceFactory,
} from "./compress-core";

const canvasSurface: SurfaceFactory = (width, height) => {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("2D canvas unavailable");
  return {
    context,
    toJpeg: (quality) =>
      new Promise((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error("JPEG encoding failed"))),
          "image/jpeg",
          quality,
        ),
      ),
  };
};

type Pending = { resolve: (result: CompressResult) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let workerBroken = false;
let nextId = 1;
const pending = new Map<number, Pending>();

const canUseWorker = () =>
  !workerBroken &&
  typeof Worker !== "undefined" &&
  typeof OffscreenCanvas !== "undefined" &&
  typeof createImageBitmap !== "undefined";

function getWorker(): Worker {
  if (worker) return worker;
  const created = new Worker(new URL("./compress-image.worker.ts", import.meta.url), { type: "module" });
  created.onmessage = (event: MessageEvent<CompressResponse>) => {
    const data = event.data;
    const waiter = pending.get(data.id);
    if (!waiter) return;
    pending.delete(data.id);
    if (data.ok) waiter.resolve({ blob: data.blob, width: data.width, height: data.height });
    else waiter.reject(Object.assign(new Error(data.message), { name: data.name }));
  };
  // A worker that fails to load (old browser, blocked script) must not lose the photos in flight.
  created.onerror = () => {
    workerBroken = true;
    worker = null;
    created.terminate();
    for (const waiter of pending.values()) waiter.reject(new WorkerUnavailableError());
    pending.clear();
  };
  worker = created;
  return created;
}

class WorkerUnavailableError extends Error {}

/**
 * Starts the worker before the first photo (issue 33): its script and imports load now, while there
 * is a signal, so a photo taken offline on a first visit is still compressed off the main thread.
 */
export function warmCompressor(): void {
  if (canUseWorker()) getWorker();
}

function compressInWorker(file: Blob, options: CompressOptions): Promise<CompressResult> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    getWorker().postMessage({ id, file, options } satisfies CompressRequest);
  });
}

export async function compressImage(file: Blob, options: CompressOptions = DEFAULT_COMPRESS): Promise<CompressResult> {
  if (canUseWorker()) {
    try {
      return await compressInWorker(file, options);
    } catch (error) {
      if (!(error instanceof WorkerUnavailableError)) throw error;
    }
  }
  return compressWith(file, canvasSurface, options);
}

/**
 * A chosen photo as a File ready to send in a form: compressed, under the name the person chose
 * (history and captions show it; the server tells the format by the bytes). A photo the browser
 * cannot decode is sent as chosen, and the server answers for it.
 */
export async function compressPhotoFile(file: File, options: CompressOptions = DEFAULT_COMPRESS): Promise<File> {
  let result: CompressResult;
  try {
    result = await compressImage(file, options);
  } catch {
    return file;
  }
  if (result.blob === file) return file;
  const type = result.blob.type || "image/jpeg";
  // Re-encoded as JPEG, it is named so (fixed-2.png → fixed-2.jpg), as the snag form's photos are.
  const name = type === "image/jpeg" && type !== file.type ? jpegName(file.name) : file.name;
  return new File([result.blob], name, { type });
}
