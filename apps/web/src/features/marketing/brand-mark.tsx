import { HardHat } from "lucide-react";
import { COMPANY } from "../../config/company";

/** The product's logo: an icon tile plus the name. Decorative icon; the name is the text. */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white">
        <HardHat aria-hidden className="size-5" />
      </span>
      <span className={inverted ? "text-lg font-bold text-white" : "text-lg font-bold text-slate-900"}>
        {COMPANY.productName}
      </span>
    </span>
  );
}
