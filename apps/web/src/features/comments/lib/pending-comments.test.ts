import type { QueueItem } from "@sitesnag/shared/sync-queue";
import { describe, expect, it } from "vitest";
import { pendingCommentsOf } from "./pending-comments";

let n = 0;
const item = (action: QueueItem["action"], data: Record<string, unknown>, tempId = `t${++n}`): QueueItem => ({
  id: `i${n}`,
  tempId,
  action,
  resource: "snagging",
  data,
  timestamp: n,
  photoIds: [],
});

describe("pendingCommentsOf", () => {
  it("shows new comments newest first with their latest queued text, and drops one deleted before it synced", () => {
    const view = pendingCommentsOf(
      [
        item("comment_add", { reportId: "r1", body: "First" }, "a"),
        item("comment_add", { reportId: "r1", body: "Second" }, "b"),
        item("comment_edit", { reportId: "r1", commentId: "a", body: "First, edited" }),
        item("comment_add", { reportId: "r1", body: "Gone" }, "c"),
        item("comment_delete", { reportId: "r1", commentId: "c" }),
        item("comment_add", { reportId: "r2", body: "Other report" }),
        item("update", { reportId: "r1", title: "Not a comment" }),
      ],
      "r1",
    );
    expect(view.added.map((c) => c.body)).toEqual(["Second", "First, edited"]);
    expect(view.edited.size).toBe(0);
    expect(view.deleted.size).toBe(0);
  });

  it("keeps the newest queued edit of a posted comment and its queued delete", () => {
    const view = pendingCommentsOf(
      [
        item("comment_edit", { reportId: "r1", commentId: "c1", body: "One" }),
        item("comment_edit", { reportId: "r1", commentId: "c1", body: "Two" }),
        item("comment_delete", { reportId: "r1", commentId: "c2" }),
      ],
      "r1",
    );
    expect(view.added).toEqual([]);
    expect(view.edited.get("c1")).toBe("Two");
    expect([...view.deleted]).toEqual(["c2"]);
  });
});
