// Multipart requests with upload progress. fetch() reports no upload progress for a FormData body
// (streaming request bodies need HTTP/2 and cannot carry multipart files), so large photo uploads go
// through XMLHttpRequest, with the same bearer token and single 401 retry as the shared API client.
import type { ApiErrorBody } from "@sitesnag/shared/errors";
import { ApiError, refreshAccessToken } from "../../../lib/api-client";
import { NetworkError } from "../../../lib/network-error";
import { useAuthStore } from "../../../stores/auth-store";

export type UploadProgress = { loaded: number; total: number };

type Options = {
  method: "POST" | "PATCH";
  body: FormData;
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** A network failure before any answer (hooks/use-report-save.ts tells it by name). */
export { NetworkError } from "../../../lib/network-error";

function send(url: string, options: Options, token: string | null): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method, url);
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(options.body);
  });
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export async function uploadWithProgress<T>(path: string, options: Options): Promise<T> {
  const url = `/api${path}`;
  const sentToken = useAuthStore.getState().accessToken;
  let answer = await send(url, options, sentToken);
  if (answer.status === 401 && useAuthStore.getState().refreshToken) {
    const token = await refreshAccessToken(sentToken);
    if (token) answer = await send(url, options, token);
  }
  const body = parse(answer.text);
  if (answer.status < 200 || answer.status >= 300) {
    const error = (body ?? null) as Partial<ApiErrorBody> | null;
    throw new ApiError(answer.status, error?.message ?? `Request failed (${answer.status})`, error);
  }
  return body as T;
}
