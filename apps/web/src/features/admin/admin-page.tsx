import { useSearchParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { resolveAdminTab } from "./admin-tabs";

export function AdminPage() {
  const [params] = useSearchParams();
  const tab = resolveAdminTab(params.get("tab"));
  return (
    <>
      <PageHeader title={tab.label} />
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-sm text-slate-600">
        User and membership management is being built and is not available yet.
      </div>
    </>
  );
}
