// Photo compression off the main thread: decoding a 12 MP photo takes hundreds of milliseconds, and
// the form must keep answering taps meanwhile.
import { type CompressOptions, compressWith, offscreenSurface } from "./compress-core";

export type CompressRequest = { id: number; file: Blob; options: CompressOptions };
export type CompressResponse =
  | { id: number; ok: true; blob: Blob; width: number; height: number }
  | { id: number; ok: false; name: string; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<CompressRequest>) => {
  const { id, file, options } = event.data;
  try {
    const result = await compressWith(file, offscreenSurface, options);
    scope.postMessage({ id, ok: true, ...result } satisfies CompressResponse);
  } catch (error) {
    const message = error instanceof Error ? error.message : "Photo could not be compressed";
    const name = error instanceof Error ? error.name : "Error";
    scope.postMessage({ id, ok: false, name, message } satisfies CompressResponse);
  }
};
