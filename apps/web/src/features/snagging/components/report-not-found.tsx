import { ArrowLeft, FileQuestion } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/button";
import { useT } from "../../../i18n/use-t";

export function ReportNotFound() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <title>{`${t("snagging.notFound.title")} · SiteSnag`}</title>
      <FileQuestion aria-hidden className="mx-auto size-10 text-slate-400" />
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{t("snagging.notFound.title")}</h1>
      <p className="mt-2 text-slate-600">{t("snagging.notFound.body")}</p>
      <Button variant="secondary" className="mt-6" onClick={() => navigate("/app/snagging")}>
        <ArrowLeft aria-hidden className="size-4" />
        {t("snagging.notFound.back")}
      </Button>
    </div>
  );
}
