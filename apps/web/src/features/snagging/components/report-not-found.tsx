import { ArrowLeft, FileQuestion } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/button";

export function ReportNotFound() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <title>Report Not Found · SiteSnag</title>
      <FileQuestion aria-hidden className="mx-auto size-10 text-slate-400" />
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Report Not Found</h1>
      <p className="mt-2 text-slate-600">It may have been deleted, or the link is wrong.</p>
      <Button variant="secondary" className="mt-6" onClick={() => navigate("/app/snagging")}>
        <ArrowLeft aria-hidden className="size-4" />
        Back to Reports
      </Button>
    </div>
  );
}
