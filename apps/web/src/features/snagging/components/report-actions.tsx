import { FileDown, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button, buttonClass } from "../../../components/button";

type Props = { reportId: string; isDownloading: boolean; onDownload: () => void; onDelete: () => void };

export function ReportActions({ reportId, isDownloading, onDownload, onDelete }: Props) {
  return (
    <>
      <Button variant="secondary" onClick={onDownload} isLoading={isDownloading}>
        {!isDownloading && <FileDown aria-hidden className="size-4" />}
        Download PDF
      </Button>
      <Link to={`/app/snagging/${reportId}/edit`} className={buttonClass("secondary")}>
        <Pencil aria-hidden className="size-4" />
        Edit
      </Link>
      <Button variant="danger" onClick={onDelete}>
        <Trash2 aria-hidden className="size-4" />
        Delete
      </Button>
    </>
  );
}
