import type { ActivityEntry } from "@sitesnag/shared/activity";
import { pagedListQuery } from "../../../lib/paged-list";

export const ACTIVITY_PAGE_SIZE = 20;

/** GET /api/snagging/{id}/activity, newest first, 20 entries a page (Load more for the rest). */
export const activityQuery = (reportId: string) =>
  pagedListQuery<ActivityEntry>({
    queryKey: ["snagging", "activity", reportId],
    path: `/snagging/${encodeURIComponent(reportId)}/activity`,
    field: "activity",
    limit: ACTIVITY_PAGE_SIZE,
  });
