import type { SharedPlan as Plan } from "@sitesnag/shared/sharing";
import { useState } from "react";
import { useT } from "../../../i18n/use-t";

/** Where a shared snag is on its drawing: the server's crop of the plan with the pin drawn on it. */
export function SharedPlan({ plan, title }: { plan: Plan; title: string }) {
  const t = useT();
  const [isBroken, setBroken] = useState(false);
  const sheet = plan.level ? `${plan.sheetName} (${plan.level})` : plan.sheetName;
  const across = Math.round(plan.x * 100);
  const down = Math.round(plan.y * 100);
  return (
    <figure className="mt-3">
      <figcaption className="text-xs text-slate-500">
        {t("sharing.plan.on")} <span className="font-semibold text-slate-800">{sheet}</span>
      </figcaption>
      {isBroken ? (
        <p className="mt-1 text-sm text-slate-600">{t("sharing.plan.broken")}</p>
      ) : (
        <img
          src={plan.imageUrl}
          alt={t("sharing.plan.alt", { sheet, title, across, down })}
          loading="lazy"
          width={240}
          height={160}
          onError={() => setBroken(true)}
          className="mt-1 aspect-[3/2] w-full rounded-lg sm:max-w-sm bg-slate-100 object-cover ring-1 ring-slate-200"
        />
      )}
    </figure>
  );
}
