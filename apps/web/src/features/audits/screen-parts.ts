// Parts of the audit screen that are not in its route chunk's first load but that the screen waits
// for anyway, with the audit store (issue 7): the router's loader starts them when the route is
// chosen, beside the route's chunk, and audit-page.tsx starts them as its module runs.
import { loadAuditStore } from "./api/audit-store";

export const loadAuditSheet = () => import("./components/audit-sheet");
export const loadAuditScores = () => import("./components/audit-scores");

/** The route loader's `warm` for /app/audits/:id. */
export const warmAuditScreen = () => Promise.all([loadAuditStore(), loadAuditSheet(), loadAuditScores()]);
