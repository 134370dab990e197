// Moving a report's pin: PATCH /api/snagging/{id} with the sheet and the new position, or, with no
// network, the same change through the outbox (applied exactly once when it syncs). The pins on
// screen move at once (the cached list is updated before the request).
import type { Report } from "@sitesnag/shared/snagging";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { useAuthStore } from "../../../stores/auth-store";
import { sheetKeys } from "./sheets-api";

export type PinMove = { reportId: string; sheetId: string; x: number; y: number };

async function queueMove(move: PinMove): Promise<"queued"> {
  const userId = useAuthStore.getState().user?.id;
  if (!userId) throw new Error("Sign in again to move pins.");
  const { queueChange } = await import("../../../offline/outbox");
  await queueChange(userId, "update", move.reportId, { sheetId: move.sheetId, pinX: move.x, pinY: move.y });
  return "queued";
}

export async function sendPinMove(move: PinMove): Promise<"saved" | "queued"> {
  if (!navigator.onLine) return queueMove(move);
  try {
    await api<{ report: Report }>(`/snagging/${encodeURIComponent(move.reportId)}`, {
      method: "PATCH",
      body: { sheetId: move.sheetId, pinX: move.x, pinY: move.y },
    });
    return "saved";
  } catch (err) {
    if (err instanceof TypeError) return queueMove(move); // no answer at all: the network dropped
    throw err;
  }
}

export function useMovePin(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPinMove,
    onMutate: (move) => {
      queryClient.setQueryData<Report[]>(sheetKeys.pins(projectId), (reports) =>
        reports?.map((r) => (r.id === move.reportId ? { ...r, sheetId: move.sheetId, pinX: move.x, pinY: move.y } : r)),
      );
    },
  });
}
