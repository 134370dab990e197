import { useEffect } from "react";
import { errorMessage } from "./api-client";
import { toast } from "./toast";

/**
 * Shows one error toast when a query fails (SPEC §8): the server's message when it gave one and
 * `useServerMessage` is set, otherwise the screen's fixed text. The toast id de-duplicates retries.
 */
export function useErrorToast(error: unknown, fallback: string, { useServerMessage = true } = {}): void {
  useEffect(() => {
    if (!error) return;
    const message = useServerMessage ? errorMessage(error, fallback) : fallback;
    toast.error(message, { toastId: fallback });
  }, [error, fallback, useServerMessage]);
}
