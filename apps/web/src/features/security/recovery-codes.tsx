import { Button } from "../../components/button";
import { useT } from "../../i18n/use-t";
import { toast } from "../../lib/toast";

/** Ten recovery codes, shown once: copy them, then say they are saved. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success(t("security.codes.copied"));
    } catch {
      // Clipboard refused (permissions): the codes stay on screen to write down.
    }
  };
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-900">{t("security.codes.title")}</h3>
      <p className="text-sm text-slate-600">{t("security.codes.hint")}</p>
      <ul aria-label={t("security.codes.title")} className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={copy}>
          {t("security.codes.copy")}
        </Button>
        <Button onClick={onDone}>{t("security.codes.saved")}</Button>
      </div>
    </div>
  );
}
