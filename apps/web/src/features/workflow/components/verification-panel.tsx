// "Waiting for your verification" (issue 23): the report's creator or a workspace owner checks a
// resolved report's fix and accepts it (→ closed) or rejects it with a reason (→ open again).
import { ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../components/button";
import { useT } from "../../../i18n/use-t";
import { useVerifyReport } from "../api/verify-report";

export function VerificationPanel({ reportId }: { reportId: string }) {
  const t = useT();
  const verify = useVerifyReport(reportId);
  const [isRejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState(false);
  const headingId = useId();
  const reasonId = useId();
  const errorId = useId();

  const decide = (decision: "accept" | "reject") => {
    if (decision === "reject" && reason.trim() === "") return setError(true);
    verify.mutate(decision === "accept" ? { decision } : { decision, reason: reason.trim() });
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-emerald-300 bg-emerald-50 p-4">
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-emerald-900">
        <ShieldCheck aria-hidden className="size-5" />
        {t("snagging.verify.title")}
      </h2>
      <p className="mt-1 text-sm text-emerald-900">{t("snagging.verify.body")}</p>
      {isRejecting ? (
        <form
          noValidate
          className="mt-3 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            decide("reject");
          }}
        >
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-900">
            {t("snagging.verify.reason")}
          </label>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={2000}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => {
              setReason(e.target.value);
              if (e.target.value.trim() !== "") setError(false);
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm"
          />
          {error && (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {t("snagging.verify.reasonMissing")}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" variant="danger" isLoading={verify.isPending}>
              {t("snagging.verify.reject")}
            </Button>
            <Button variant="secondary" onClick={() => setRejecting(false)} disabled={verify.isPending}>
              {t("common.cancel")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-3 grid grid-cols-2 gap-2">
          <Button isLoading={verify.isPending} onClick={() => decide("accept")}>
            {t("snagging.verify.accept")}
          </Button>
          <Button variant="secondary" disabled={verify.isPending} onClick={() => setRejecting(true)}>
            {t("snagging.verify.rejectStart")}
          </Button>
        </div>
      )}
    </section>
  );
}
