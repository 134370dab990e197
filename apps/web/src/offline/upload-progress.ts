// The outbox's photo progress for the indicator ("12 of 40 photos, 5.1 MB left"): written by the
// sync run in this tab, read by the indicator. Null when no photos are going up.
import type { UploadProgress } from "@sitesnag/shared/sync-queue";
import { create } from "zustand";

export const useUploadProgress = create<{ progress: UploadProgress | null }>(() => ({ progress: null }));

export const setUploadProgress = (progress: UploadProgress | null) => useUploadProgress.setState({ progress });
