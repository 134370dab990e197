// The read-only detail of a report captured offline (issue 10): everything comes from the local
// queue, photos included, so it opens with no network. Editing waits until it has synced.

import type { Priority } from "@sitesnag/shared/enums";
import type { Project } from "@sitesnag/shared/projects";
import type { Attachment } from "@sitesnag/shared/snagging";
import type { QueueItem } from "@sitesnag/shared/sync-queue";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Link } from "react-router";
import { PRIORITY_LABELS, PriorityBadge } from "../../../components/report-badges";
import { useT } from "../../../i18n/use-t";
import { photoEntries } from "../photo-entries";
import { PhotoGallery } from "./photo-gallery";

type Props = { item: QueueItem; photos: { id: string; blob: Blob; name: string }[] };

export function QueuedReportDetail({ item, photos }: Props) {
  const t = useT();
  const queryClient = useQueryClient();
  const urls = useMemo(() => photos.map((p) => URL.createObjectURL(p.blob)), [photos]);
  useEffect(
    () => () => {
      for (const u of urls) URL.revokeObjectURL(u);
    },
    [urls],
  );
  const data = item.data;
  const title = String(data.title ?? t("snagging.queued.newReport"));
  const projectName =
    queryClient.getQueryData<Project[]>(["projects"])?.find((p) => p.id === data.projectId)?.name ??
    t("snagging.field.project");
  const attachments: Attachment[] = photos.map((p, i) => ({
    id: p.id,
    file_path: urls[i] ?? "",
    thumbnail_path: urls[i] ?? null,
    original_name: p.name,
    content_type: p.blob.type || "image/jpeg",
    size_bytes: p.blob.size,
    width: null,
    height: null,
    kind: "evidence",
    sha256: null,
    created_at: Math.floor(item.timestamp / 1000),
  }));
  const entries = photoEntries({ description: String(data.description ?? ""), attachments });
  return (
    <>
      <title>{`${title} · SiteSnag`}</title>
      <Link
        to="/app/snagging"
        className="mb-3 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("snagging.list.title")}
      </Link>
      <div className="mb-5">
        <h1 className="break-all text-2xl font-bold text-slate-900">{title}</h1>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <PriorityBadge priority={String(data.priority ?? "medium") as Priority} />
          <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-medium text-amber-900">
            {t("snagging.queued.pending")}
          </span>
        </div>
        <p className="mt-2 text-sm text-slate-600">{t("snagging.queued.body")}</p>
        {item.error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {t("snagging.queued.notSynced", { error: item.error })}
          </p>
        )}
      </div>
      <div className="grid gap-5 lg:grid-cols-3 lg:items-start">
        <div className="lg:col-span-2">
          <PhotoGallery entries={entries} />
        </div>
        <dl className="space-y-2 rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
          <div>
            <dt className="text-slate-500">{t("snagging.field.project")}</dt>
            <dd className="font-medium text-slate-900">{projectName}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("snagging.field.priority")}</dt>
            <dd className="font-medium text-slate-900">
              {PRIORITY_LABELS[data.priority as Priority] ? t(PRIORITY_LABELS[data.priority as Priority]) : ""}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t("snagging.field.status")}</dt>
            <dd className="font-medium text-slate-900">{t("snagging.queued.status")}</dd>
          </div>
        </dl>
      </div>
    </>
  );
}
