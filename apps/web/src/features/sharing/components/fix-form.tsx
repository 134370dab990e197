import { MAX_FIX_NOTE, MAX_FIX_PHOTOS } from "@sitesnag/shared/sharing";
import { Camera } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button";
import { useT } from "../../../i18n/use-t";
import { FIX_FAILED, FIX_NOT_SENT, type FixInput, ShareError } from "../api/share-page-api";

type Props = {
  isPending: boolean;
  onSubmit: (input: Omit<FixInput, "reportId" | "fixKey">) => void;
  onCancel: () => void;
  error: unknown;
};

/** Mark fixed: at least one photo of the fix (the phone's camera) and an optional note. */
export function FixForm({ isPending, onSubmit, onCancel, error }: Props) {
  const t = useT();
  const id = useId();
  const [photos, setPhotos] = useState<File[]>([]);
  const [note, setNote] = useState("");
  const [problem, setProblem] = useState<"none" | "tooMany" | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (photos.length === 0) return setProblem("none");
    if (photos.length > MAX_FIX_PHOTOS) return setProblem("tooMany");
    setProblem(null);
    onSubmit({ photos, note });
  };
  // The server's message arrives in the page's language (Accept-Language); no signal is ours to say.
  const serverMessage =
    error instanceof Error && error.message === FIX_NOT_SENT
      ? t("sharing.fix.notSent")
      : error instanceof Error && error.message === FIX_FAILED
        ? t("sharing.fix.failed")
        : error instanceof ShareError || error instanceof Error
          ? error.message
          : null;
  const shown =
    problem === "none"
      ? t("sharing.fix.photoMissing")
      : problem === "tooMany"
        ? t("sharing.fix.tooMany", { count: MAX_FIX_PHOTOS })
        : serverMessage;
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <div>
        <label htmlFor={`${id}-photos`} className="block text-sm font-medium text-slate-700">
          {t("sharing.fix.photo")}
        </label>
        <label
          htmlFor={`${id}-photos`}
          className="mt-1 flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-400 bg-white px-3 text-sm font-medium text-slate-700"
        >
          <Camera aria-hidden className="size-4" />
          {photos.length === 0 ? t("sharing.fix.take") : t("sharing.fix.chosen", { count: photos.length })}
        </label>
        <input
          id={`${id}-photos`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          multiple
          className="sr-only"
          onChange={(e) => setPhotos([...(e.target.files ?? [])])}
          aria-describedby={shown ? `${id}-error` : undefined}
        />
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-700">
          {t("sharing.fix.note")}
        </label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={MAX_FIX_NOTE}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm"
        />
      </div>
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {shown}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" isLoading={isPending}>
          {t("sharing.fix.send")}
        </Button>
      </div>
    </form>
  );
}
