import { useT } from "../../../../i18n/use-t";
import type { PhotoDraft } from "../../hooks/use-photo-drafts";
import { type KeptPhoto, KeptPhotoCard } from "./kept-photo-card";
import { NewPhotoCard } from "./new-photo-card";
import { PhotoPicker } from "./photo-picker";

type Props = {
  kept: KeptPhoto[];
  photos: PhotoDraft[];
  error: string | undefined;
  showErrors: boolean;
  disabled: boolean;
  cameraButtonRef: React.Ref<HTMLButtonElement>;
  onAdd: (files: File[]) => void;
  onKeptText: (attachmentId: string, field: "location" | "description", value: string) => void;
  onKeptToggle: (attachmentId: string) => void;
  onText: (localId: string, field: "location" | "description", value: string) => void;
  onAnnotate: (localId: string) => void;
  onMove: (localId: string, by: -1 | 1) => void;
  onRemove: (localId: string) => void;
};

/** Photos in the order the report will hold them: the kept ones, then the new ones. */
export function PhotoSection(props: Props) {
  const t = useT();
  const { kept, photos, error } = props;
  let number = 0;
  const keptNumbers = kept.map((k) => (k.removed ? null : ++number));
  const firstNew = number + 1;
  return (
    <section aria-labelledby="photos-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="photos-heading" className="text-base font-semibold text-slate-900">
          {t("snagging.field.photos")}
        </h2>
        <span className="text-sm text-slate-600">
          {t("snagging.form.photoCount", { count: number + photos.length })}
        </span>
      </div>
      <PhotoPicker cameraButtonRef={props.cameraButtonRef} onFiles={props.onAdd} disabled={props.disabled} />
      {error && (
        <p id="photos-error" role="alert" className="text-sm font-medium text-red-600">
          {error}
        </p>
      )}
      {(kept.length > 0 || photos.length > 0) && (
        <ol className="space-y-3">
          {kept.map((k, i) => (
            <KeptPhotoCard
              key={k.attachmentId}
              photo={k}
              number={keptNumbers[i] ?? null}
              onText={(field, value) => props.onKeptText(k.attachmentId, field, value)}
              onToggleRemoved={() => props.onKeptToggle(k.attachmentId)}
            />
          ))}
          {photos.map((p, i) => (
            <NewPhotoCard
              key={p.localId}
              photo={p}
              number={firstNew + i}
              isFirst={i === 0}
              isLast={i === photos.length - 1}
              showErrors={props.showErrors}
              onText={(field, value) => props.onText(p.localId, field, value)}
              onAnnotate={() => props.onAnnotate(p.localId)}
              onMove={(by) => props.onMove(p.localId, by)}
              onRemove={() => props.onRemove(p.localId)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
