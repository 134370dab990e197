// The share page's calls. Plain fetch, never the signed-in client: the link is the only
// credential, and a workspace session in the same browser must not be sent along.
import type { SharedReport, ShareView } from "@sitesnag/shared/sharing";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { currentLocale } from "../../../i18n/i18n";

export class ShareError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function answer<T>(res: Response, fallback: string): Promise<T> {
  if (res.ok) return (await res.json()) as T;
  const body = (await res.json().catch(() => null)) as { message?: string } | null;
  throw new ShareError(res.status, body?.message ?? fallback);
}

const sharePath = (token: string) => `/api/share/${encodeURIComponent(token)}`;
/** The server's sentences (an expired link, a refused fix) in the page's language, switcher included. */
const language = () => ({ "Accept-Language": currentLocale() === "en-XA" ? "en-GB" : currentLocale() });
const shareKey = (token: string) => ["share", token] as const;

export const useShare = (token: string) =>
  useQuery({
    queryKey: shareKey(token),
    queryFn: async () =>
      answer<ShareView>(
        await fetch(sharePath(token), { cache: "no-store", headers: language() }),
        "This link could not be opened.",
      ),
    retry: (count, error) => !(error instanceof ShareError && error.status < 500) && count < 2,
    staleTime: 30_000,
  });

/**
 * One fix's Idempotency-Key: made when the card is shown and sent with every attempt, so a fix whose
 * answer was lost and is sent again is applied once. getRandomValues works on plain http too.
 */
export const newFixKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

export type FixInput = { reportId: string; photos: File[]; note: string; fixKey: string };

const loadCompressor = () => import("../../../lib/photo-compress/compress-image");

/**
 * The photo compressor, loaded with the page (issue 33): a link opened on a first visit, with no
 * service worker yet, cannot fetch it once the signal has gone, and a failed import is not retried.
 */
export const preloadFixPath = (): void => void loadCompressor().catch(() => undefined);

/** Said on the form when a fix could not reach the server: what was entered stays on it. */
export const FIX_NOT_SENT =
  "Not sent: there is no signal. Your photos and note are still here: keep this page open and tap Send fix again when you have signal.";

/** Said when the server answered a fix with no sentence of its own. */
export const FIX_FAILED = "The fix could not be sent. Please try again.";

export const useMarkFixed = (token: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ reportId, photos, note, fixKey }: FixInput) => {
      const form = new FormData();
      form.append("note", note);
      let res: Response;
      try {
        // Through the app's one compressor, as the snag form's photos are (it never throws itself).
        const { compressPhotoFile } = await loadCompressor();
        for (const photo of await Promise.all(photos.map((p) => compressPhotoFile(p))))
          form.append("images", photo, photo.name);
        res = await fetch(`${sharePath(token)}/reports/${encodeURIComponent(reportId)}/fix`, {
          method: "POST",
          headers: { "Idempotency-Key": fixKey, ...language() },
          body: form,
        });
      } catch {
        // No answer at all (or the compressor could not be fetched): the network, not the fix.
        throw new Error(FIX_NOT_SENT);
      }
      return (await answer<{ report: SharedReport }>(res, FIX_FAILED)).report;
    },
    // networkMode "always": offline, the fix fails at once and the form says so (FIX_NOT_SENT)
    // instead of spinning unseen until the signal returns, lost if the page is closed meanwhile.
    networkMode: "always",
    meta: { invalidates: false },
    // Resolved or closed meanwhile (409): show the snag as it is now.
    onError: (error) => {
      if (error instanceof ShareError && error.status === 409)
        void client.invalidateQueries({ queryKey: shareKey(token) });
    },
    onSuccess: (report) =>
      client.setQueryData<ShareView>(shareKey(token), (view) =>
        view ? { ...view, reports: view.reports.map((r) => (r.id === report.id ? report : r)) } : view,
      ),
  });
};
