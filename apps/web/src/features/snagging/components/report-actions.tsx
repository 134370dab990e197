import { FileDown, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClass } from "../../../components/button";
import { useT } from "../../../i18n/use-t";

type Props = { reportId: string; isDownloading: boolean; onDownload: () => void; onDelete: () => void };

export function ReportActions({ reportId, isDownloading, onDownload, onDelete }: Props) {
  const t = useT();
  return (
    <>
      <Button variant="secondary" onClick={onDownload} isLoading={isDownloading}>
        {!isDownloading && <FileDown aria-hidden className="size-4" />}
        {t("snagging.detail.downloadPdf")}
      </Button>
      <Link to={`/app/snagging/${reportId}/edit`} className={buttonClass("secondary")}>
        <Pencil aria-hidden className="size-4" />
        {t("snagging.detail.edit")}
      </Link>
      <Button variant="danger" onClick={onDelete}>
        <Trash2 aria-hidden className="size-4" />
        {t("snagging.detail.delete")}
      </Button>
    </>
  );
}
