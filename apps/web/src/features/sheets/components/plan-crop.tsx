// A report's place on its drawing: a small crop of the sheet's preview centred on the pin (the
// preview scaled and shifted inside a fixed box), linking to the plan viewer.
import type { ReportStatus } from "@sitesnag/shared/enums";
import { Link } from "react-router";
import { useT } from "../../../i18n/use-t";
import { useSheet } from "../api/sheets-api";
import { PIN_COLOURS } from "../lib/pin-math";

const BOX = { width: 256, height: 160 };
/** The crop shows this fraction of the sheet's width. */
const CROP_FRACTION = 0.3;

type Props = { projectId: string; sheetId: string; x: number; y: number; status: ReportStatus };

export function PlanCrop({ projectId, sheetId, x, y, status }: Props) {
  const t = useT();
  const sheet = useSheet(sheetId);
  const s = sheet.data;
  const ready = s?.revisions?.find((r) => r.status === "ready");
  const width = BOX.width / CROP_FRACTION;
  const height = ready ? width * (ready.height / ready.width) : 0;
  return (
    <Link
      to={`/app/projects/${projectId}/sheets/${sheetId}`}
      className="block rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600"
    >
      <span className="block text-xs text-slate-500">{t("fin.plan.onThePlan")}</span>
      <span className="block truncate font-semibold text-slate-900">
        {sheet.isError && !s ? t("plans.crop.unavailable") : (s?.name ?? t("plans.loading"))}
      </span>
      {ready?.previewUrl && (
        <span
          role="img"
          aria-label={t("plans.crop.label", { name: s?.name ?? "", x: Math.round(x * 100), y: Math.round(y * 100) })}
          className="relative mt-2 block max-w-full overflow-hidden rounded-lg bg-slate-100"
          style={{ width: BOX.width, height: BOX.height }}
        >
          <img
            src={ready.previewUrl}
            alt=""
            className="absolute max-w-none"
            style={{ width, height, left: BOX.width / 2 - x * width, top: BOX.height / 2 - y * height }}
          />
          <span
            aria-hidden
            className="absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow"
            style={{ left: BOX.width / 2, top: BOX.height / 2, background: PIN_COLOURS[status] }}
          />
        </span>
      )}
    </Link>
  );
}
