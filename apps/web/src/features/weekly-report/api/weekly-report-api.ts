// A project's weekly report (issue 37): its schedule, saving it, and "Send now". Every mutation
// refetches what is shown (app/query-client.ts), so "Last sent" follows a send.
import type { ReportSchedule, ReportScheduleInput, ReportSent } from "@sitesnag/shared/weekly-report";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

const path = (projectId: string) => `/projects/${encodeURIComponent(projectId)}/report-schedule`;

export const reportScheduleKey = (projectId: string) => ["projects", projectId, "report-schedule"] as const;

export const useReportSchedule = (projectId: string) =>
  useQuery({ queryKey: reportScheduleKey(projectId), queryFn: () => api<ReportSchedule>(path(projectId)) });

export const useSaveReportSchedule = (projectId: string) =>
  useMutation({
    mutationFn: (input: ReportScheduleInput) => api<ReportSchedule>(path(projectId), { method: "PUT", body: input }),
  });

export const useSendReport = (projectId: string) =>
  useMutation({
    mutationFn: (to: "me" | "recipients") =>
      api<ReportSent>(`${path(projectId)}/send`, { method: "POST", body: { to } }),
  });
