import { Camera, Images } from "lucide-react";
import { useRef } from "react";
import { buttonClass } from "../../../../components/button";
import { useT } from "../../../../i18n/use-t";

type Props = {
  cameraButtonRef: React.Ref<HTMLButtonElement>;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
};

/**
 * Two ways in: the rear camera (`capture="environment"` opens it directly on phones) and the
 * gallery, several at a time. Big buttons for gloved thumbs; the inputs stay out of sight and out
 * of the tab order, the buttons open them.
 */
export function PhotoPicker({ cameraButtonRef, onFiles, disabled = false }: Props) {
  const t = useT();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const take = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Reset so choosing the same file again still fires a change.
    event.target.value = "";
    if (files.length > 0) onFiles(files);
  };
  return (
    <div className="grid grid-cols-2 gap-2">
      <button
        ref={cameraButtonRef}
        type="button"
        onClick={() => camera.current?.click()}
        disabled={disabled}
        className={buttonClass("primary", "min-h-14")}
      >
        <Camera aria-hidden className="size-5" />
        {t("snagging.photo.take")}
      </button>
      <button
        type="button"
        onClick={() => gallery.current?.click()}
        disabled={disabled}
        className={buttonClass("secondary", "min-h-14")}
      >
        <Images aria-hidden className="size-5" />
        {t("snagging.photo.choose")}
      </button>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="environment"
        tabIndex={-1}
        aria-hidden
        className="hidden"
        onChange={take}
      />
      <input
        ref={gallery}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        multiple
        tabIndex={-1}
        aria-hidden
        className="hidden"
        onChange={take}
      />
    </div>
  );
}
