import { DEMO_EMAIL, DEMO_PASSWORD } from "@sitesnag/shared/demo";
import { Camera, ClipboardCheck, FileText, FolderKanban, WifiOff } from "lucide-react";
import { Button } from "../../components/button";
import { msg, useT } from "../../i18n/use-t";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { useDemoLogin } from "./api/auth-api";
import { AuthLayout } from "./auth-layout";

const FEATURES = [
  { icon: FolderKanban, text: msg("auth.demo.projects") },
  { icon: Camera, text: msg("auth.demo.reports") },
  { icon: FileText, text: msg("auth.demo.exports") },
  { icon: ClipboardCheck, text: msg("auth.demo.audits") },
  { icon: WifiOff, text: msg("auth.demo.offline") },
];

/** One-click demo: every start gets a fresh sandbox, deleted after 24 hours (DESIGN §5). */
export function DemoPage() {
  const demo = useDemoLogin();
  const t = useT();
  return (
    <AuthLayout
      title={t("auth.demo.title")}
      subtitle={t("auth.demo.subtitle")}
      alternative={{ prompt: t("auth.demo.ownWorkspace"), to: "/signup", label: t("auth.demo.freeAccount") }}
    >
      <ul className="space-y-3">
        {FEATURES.map(({ icon: Icon, text }) => (
          <li key={String(text)} className="flex items-start gap-3 text-sm text-slate-700">
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-600" />
            {t(text)}
          </li>
        ))}
      </ul>
      <section aria-labelledby="demo-credentials" className="mt-6 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
        <h2 id="demo-credentials" className="text-sm font-semibold text-slate-900">
          {t("auth.demo.credentials")}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">{t("auth.email")}</dt>
          <dd className="font-mono text-slate-900">{DEMO_EMAIL}</dd>
          <dt className="text-slate-600">{t("auth.password")}</dt>
          <dd className="font-mono text-slate-900">{DEMO_PASSWORD}</dd>
        </dl>
        <p className="mt-2 text-xs text-slate-500">{t("auth.demo.credentialsNote")}</p>
      </section>
      <Button
        className="mt-6 w-full"
        isLoading={demo.isPending}
        onClick={() =>
          demo.mutate(undefined, { onError: (error) => toast.error(errorMessage(error, t("auth.demo.failed"))) })
        }
      >
        {t("auth.demo.start")}
      </Button>
    </AuthLayout>
  );
}
