import { DEMO_EMAIL, DEMO_PASSWORD } from "@sitesnag/shared/demo";
import { Camera, ClipboardCheck, FileText, FolderKanban, WifiOff } from "lucide-react";
import { Button } from "../../components/button";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { useDemoLogin } from "./api/auth-api";
import { AuthLayout } from "./auth-layout";

const FEATURES = [
  { icon: FolderKanban, text: "Sample construction projects to explore" },
  { icon: Camera, text: "Snagging reports with photos, locations and priorities" },
  { icon: FileText, text: "PDF and CSV exports of your reports" },
  { icon: ClipboardCheck, text: "Site safety audits with scores and risk ratings" },
  { icon: WifiOff, text: "Works offline, syncs when you are back in signal" },
];

/** One-click demo: every start gets a fresh sandbox, deleted after 24 hours (DESIGN §5). */
export function DemoPage() {
  const demo = useDemoLogin();
  return (
    <AuthLayout
      title="Try the SiteSnag demo"
      subtitle="A private sandbox with sample data, just for you. It is deleted after 24 hours."
      alternative={{ prompt: "Want your own workspace?", to: "/signup", label: "Create a free account" }}
    >
      <ul className="space-y-3">
        {FEATURES.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3 text-sm text-slate-700">
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
            {text}
          </li>
        ))}
      </ul>
      <section aria-labelledby="demo-credentials" className="mt-6 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
        <h2 id="demo-credentials" className="text-sm font-semibold text-slate-900">
          Demo credentials
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">Email</dt>
          <dd className="font-mono text-slate-900">{DEMO_EMAIL}</dd>
          <dt className="text-slate-600">Password</dt>
          <dd className="font-mono text-slate-900">{DEMO_PASSWORD}</dd>
        </dl>
        <p className="mt-2 text-xs text-slate-500">
          Signing in with these on the sign-in page also opens a fresh sandbox.
        </p>
      </section>
      <Button
        className="mt-6 w-full"
        isLoading={demo.isPending}
        onClick={() =>
          demo.mutate(undefined, { onError: (error) => toast.error(errorMessage(error, "Demo login failed")) })
        }
      >
        Start Demo
      </Button>
    </AuthLayout>
  );
}
