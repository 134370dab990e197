import { clsx } from "clsx";
import { ImageOff } from "lucide-react";
import { type ImgHTMLAttributes, useState } from "react";
import { useT } from "../../../i18n/use-t";

type Props = ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string };

/** An image that shows an 'Image not found' placeholder of the same box when its file fails to load. */
export function SafeImage({ src, alt, className, ...rest }: Props) {
  const t = useT();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <div
        role="img"
        aria-label={t("snagging.image.notFoundLabel", { alt })}
        className={clsx("flex flex-col items-center justify-center gap-1 bg-slate-100 text-slate-500", className)}
      >
        <ImageOff aria-hidden className="size-6" />
        <span className="text-xs font-medium">{t("snagging.image.notFound")}</span>
      </div>
    );
  }
  return <img src={src} alt={alt} className={className} onError={() => setFailedSrc(src)} {...rest} />;
}
