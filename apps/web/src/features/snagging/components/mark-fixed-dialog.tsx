// "Mark fixed" (issue 23): on a project that requires evidence to close, Resolved asks for at least
// one photo of the fix, sent with the status in one request.
import { Camera } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/button";
import { Modal } from "../../../components/modal";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useMarkFixed } from "../api/mark-fixed";

const MAX_FIX_PHOTOS = 5;

type Props = { open: boolean; reportId: string; version: number; onClose: () => void };

export function MarkFixedDialog({ open, reportId, version, onClose }: Props) {
  const t = useT();
  return (
    <Modal open={open} title={t("snagging.markFixed.title")} onClose={onClose}>
      {open && <MarkFixedForm reportId={reportId} version={version} onClose={onClose} />}
    </Modal>
  );
}

function MarkFixedForm({ reportId, version, onClose }: Omit<Props, "open">) {
  const t = useT();
  const [photos, setPhotos] = useState<File[]>([]);
  const [missing, setMissing] = useState(false);
  const fix = useMarkFixed(reportId);
  const inputId = useId();
  const errorId = useId();
  const submit = () => {
    if (photos.length === 0) return setMissing(true);
    fix.mutate(
      { photos, version },
      {
        onSuccess: ({ queued }) => {
          toast.success(queued ? t("snagging.markFixed.queued") : t("snagging.markFixed.done"));
          onClose();
        },
        onError: (err) => toast.error(errorMessage(err, t("snagging.markFixed.failed"))),
      },
    );
  };
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p className="text-sm text-slate-700">{t("snagging.markFixed.body")}</p>
      <div>
        <label
          htmlFor={inputId}
          className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-3 py-3 text-sm font-medium text-slate-800 hover:border-brand-600"
        >
          <Camera aria-hidden className="size-5" />
          {photos.length === 0 ? t("snagging.markFixed.add") : t("snagging.markFixed.chosen", { count: photos.length })}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="sr-only"
          aria-describedby={missing ? errorId : undefined}
          aria-invalid={missing ? true : undefined}
          onChange={(e) => {
            const chosen = [...(e.target.files ?? [])].slice(0, MAX_FIX_PHOTOS);
            setPhotos(chosen);
            if (chosen.length > 0) setMissing(false);
          }}
        />
        {photos.length > 0 && (
          <ul className="mt-2 text-xs text-slate-600">
            {photos.map((p) => (
              <li key={`${p.name}-${p.size}`} className="truncate">
                {p.name}
              </li>
            ))}
          </ul>
        )}
        {missing && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
            {t("snagging.markFixed.missing")}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={fix.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" isLoading={fix.isPending}>
          {t("snagging.markFixed.title")}
        </Button>
      </div>
    </form>
  );
}
