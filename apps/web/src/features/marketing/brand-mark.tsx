import { COMPANY } from "../../config/company";

/**
 * The product's logo: the mark of /favicon.svg (the sign-in pages and the app's sidebar show that
 * file) drawn inline, so the pre-rendered landing page paints it without a request, plus the name.
 * Decorative mark; the name is the text.
 */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 64 64" className="size-8 shrink-0">
        <rect width="64" height="64" rx="14" fill="#ea580c" />
        <path
          d="M18 40l10 10 18-30"
          fill="none"
          stroke="#fff"
          strokeWidth="7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={inverted ? "text-lg font-bold text-white" : "text-lg font-bold text-slate-900"}>
        {COMPANY.productName}
      </span>
    </span>
  );
}
