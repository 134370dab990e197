// The browser's side of PUT/HEAD /api/uploads/{sha256} (decision 0025) for the outbox: HEAD through
// fetch, PUT through XMLHttpRequest (fetch reports no upload progress), both with the bearer token
// and one retry after a 401 with a refreshed token, as the shared API client does. A lost
// connection rejects; the queue (packages/shared/src/sync-queue.ts) backs off and resumes from the
// offset the server reports, so nothing already sent is sent again.
import type { PutAnswer, UploadTransport } from "@sitesnag/shared/photo-upload";
import { contentRange, UPLOAD_OFFSET_HEADER } from "@sitesnag/shared/uploads";
import { refreshAccessToken } from "../lib/api-client";
import { useAuthStore } from "../stores/auth-store";

const url = (sha256: string) => `/api/uploads/${sha256}`;

async function withSession<T extends { status: number }>(send: (token: string | null) => Promise<T>): Promise<T> {
  const sent = useAuthStore.getState().accessToken;
  const answer = await send(sent);
  if (answer.status !== 401 || !useAuthStore.getState().refreshToken) return answer;
  const token = await refreshAccessToken(sent);
  return token ? send(token) : answer;
}

function put(sha256: string, blob: Blob, from: number, onSent: (n: number) => void, token: string | null) {
  return new Promise<PutAnswer>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url(sha256));
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.setRequestHeader("content-range", contentRange(from, blob.size - 1, blob.size));
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => onSent(event.loaded);
    xhr.onload = () => {
      let message: string | undefined;
      try {
        message = (JSON.parse(xhr.responseText) as { message?: string }).message;
      } catch {
        message = undefined;
      }
      resolve({ status: xhr.status, message });
    };
    xhr.onerror = () => reject(new Error("The connection was lost during a photo upload."));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = xhr.onerror;
    xhr.send(blob.slice(from));
  });
}

export const webUploadTransport: UploadTransport = {
  head: async (sha256) => {
    const res = await withSession((token) =>
      fetch(url(sha256), {
        method: "HEAD",
        cache: "no-store",
        headers: token ? { authorization: `Bearer ${token}` } : {},
      }),
    );
    if (res.status === 200) return { stored: true };
    if (res.status === 404) return { stored: false, offset: Number(res.headers.get(UPLOAD_OFFSET_HEADER) ?? "0") || 0 };
    throw new Error(`Checking a photo upload answered ${res.status}.`);
  },
  put: (sha256, blob, from, onSent) => withSession((token) => put(sha256, blob, from, onSent, token)),
};
