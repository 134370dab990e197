// Workspace settings: the company branding every PDF carries (name, logo, accent colour). Owners
// change it; members see it. The header preview shows what the PDFs will look like.
import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { ImageUp, Trash2 } from "lucide-react";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClass } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { TextField } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { useT } from "../../i18n/use-t";
import { ApiError, errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast";
import { useAuthStore } from "../../stores/auth-store";
import { useBranding, useRemoveLogo, useSaveBranding, useTeamRoles, useUploadLogo } from "./api/branding-api";

const DEFAULT_ACCENT = "#ea580c";
const WorkspaceSecurityCard = lazy(() =>
  import("../security/workspace-security-card").then((m) => ({ default: m.WorkspaceSecurityCard })),
);

const SsoSettingsCard = lazy(() => import("../sso/sso-settings-card").then((m) => ({ default: m.SsoSettingsCard })));

export function WorkspaceSettingsPage() {
  const branding = useBranding();
  const team = useTeamRoles();
  const me = useAuthStore((s) => s.user);
  const t = useT();
  const isOwner = team.data?.members.some((m) => m.id === me?.id && m.workspaceRole === "owner") ?? false;
  if (branding.isPending || team.isPending) return <LoadingState label={t("team.branding.loading")} />;
  if (branding.isError) {
    return (
      <ErrorState
        message={t("team.branding.loadFailed")}
        onRetry={() => branding.refetch()}
        retryLabel={t("common.tryAgain")}
      />
    );
  }
  return (
    <>
      <PageHeader
        title={t("team.workspaceSettings")}
        subtitle={t("team.branding.subtitle")}
        actions={
          isOwner ? (
            <>
              <Link to="/app/workspace/api-tokens" className={buttonClass("secondary")}>
                {t("workspace.tokens.link")}
              </Link>
              <Link to="/app/workspace/webhooks" className={buttonClass("secondary")}>
                {t("workspace.webhooks.link")}
              </Link>
            </>
          ) : undefined
        }
      />
      <BrandingForm
        key={`${branding.data.companyName}|${branding.data.accentColour}`}
        isOwner={isOwner}
        initial={{ companyName: branding.data.companyName ?? "", accentColour: branding.data.accentColour ?? "" }}
        logoUrl={branding.data.logoUrl}
      />
      <div className="mt-5 max-w-3xl">
        <Suspense fallback={null}>
          <WorkspaceSecurityCard isOwner={isOwner} />
        </Suspense>
      </div>
      {isOwner && (
        <div className="mt-5 max-w-3xl">
          <Suspense fallback={null}>
            <SsoSettingsCard />
          </Suspense>
        </div>
      )}
    </>
  );
}

type FormProps = {
  isOwner: boolean;
  initial: { companyName: string; accentColour: string };
  logoUrl: string | null;
};

function BrandingForm({ isOwner, initial, logoUrl }: FormProps) {
  const save = useSaveBranding();
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [companyName, setCompanyName] = useState(initial.companyName);
  const [accent, setAccent] = useState(initial.accentColour);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);
  const t = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // mutateAsync: the form remounts with the saved values (its key), which drops per-call callbacks.
    save.mutateAsync({ companyName, accentColour: accent }).then(
      () => toast.success(t("team.branding.saved")),
      (error: unknown) => {
        const details = error instanceof ApiError ? error.body?.details : undefined;
        setErrors({ companyName: details?.companyName?.[0], accentColour: details?.accentColour?.[0] });
        toast.error(errorMessage(error, t("team.branding.saveFailed")));
      },
    );
  };

  const onLogo = (file: File | undefined) => {
    if (!file) return;
    setLogoError(null);
    upload.mutateAsync(file).then(
      () => toast.success(t("team.branding.logoSaved")),
      (error: unknown) => setLogoError(errorMessage(error, t("team.branding.uploadFailed"))),
    );
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="pdf-preview" className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
        <h2 id="pdf-preview" className="mb-3 text-sm font-semibold text-slate-700">
          {t("team.branding.preview")}
        </h2>
        <div className="overflow-hidden rounded-lg">
          <div className="flex min-h-16 items-center gap-3 bg-slate-800 px-4 py-3">
            {logoUrl && (
              <img src={logoUrl} alt={t("team.branding.logoAlt")} className="max-h-12 max-w-32 object-contain" />
            )}
            <span className="truncate text-lg font-bold text-white">{companyName.trim() || PRODUCT_NAME}</span>
          </div>
          <div className="h-1" style={{ backgroundColor: /^#[0-9a-f]{6}$/i.test(accent) ? accent : DEFAULT_ACCENT }} />
        </div>
      </section>

      {!isOwner && (
        <p className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700">{t("team.branding.ownersOnly")}</p>
      )}

      <form onSubmit={submit} noValidate className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
        <TextField
          label={t("team.branding.companyName")}
          placeholder={PRODUCT_NAME}
          value={companyName}
          maxLength={80}
          disabled={!isOwner}
          error={errors.companyName}
          onChange={(e) => setCompanyName(e.target.value)}
        />
        <div className="flex items-end gap-3">
          <div className="flex-1">
            <TextField
              label={t("team.branding.accent")}
              placeholder={DEFAULT_ACCENT}
              value={accent}
              disabled={!isOwner}
              error={errors.accentColour}
              onChange={(e) => setAccent(e.target.value)}
            />
          </div>
          <input
            type="color"
            aria-label={t("team.branding.pickAccent")}
            disabled={!isOwner}
            value={/^#[0-9a-f]{6}$/i.test(accent) ? accent : DEFAULT_ACCENT}
            onChange={(e) => setAccent(e.target.value)}
            className="h-11 w-14 cursor-pointer rounded-lg border border-slate-300 bg-white"
          />
        </div>
        {isOwner && (
          <div className="flex justify-end">
            <Button type="submit" isLoading={save.isPending}>
              {t("team.branding.save")}
            </Button>
          </div>
        )}
      </form>

      <section
        aria-labelledby="logo-heading"
        className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="logo-heading" className="text-sm font-semibold text-slate-700">
          {t("team.branding.logo")}
        </h2>
        <p className="text-sm text-slate-600">{t("team.branding.logoRules")}</p>
        {logoUrl ? (
          <img
            src={logoUrl}
            alt={t("team.branding.currentLogo")}
            className="max-h-20 max-w-60 rounded bg-slate-100 object-contain p-2"
          />
        ) : (
          <p className="text-sm text-slate-600">{t("team.branding.noLogo")}</p>
        )}
        {logoError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {logoError}
          </p>
        )}
        {isOwner && (
          <div className="flex flex-wrap gap-2">
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 focus-within:ring-2 focus-within:ring-brand-600/30">
              <ImageUp aria-hidden className="size-4" />
              {upload.isPending ? t("team.branding.uploading") : t("team.branding.upload")}
              <input
                type="file"
                accept="image/png,image/jpeg,image/svg+xml"
                className="sr-only"
                onChange={(e) => {
                  onLogo(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
            </label>
            {logoUrl && (
              <Button variant="secondary" onClick={() => setConfirmRemove(true)}>
                <Trash2 aria-hidden className="size-4" />
                {t("team.branding.remove")}
              </Button>
            )}
          </div>
        )}
      </section>
      <ConfirmDialog
        open={confirmRemove}
        title={t("team.branding.removeTitle")}
        message={t("team.branding.removeBody")}
        confirmLabel={t("team.branding.remove")}
        isPending={remove.isPending}
        onCancel={() => setConfirmRemove(false)}
        onConfirm={() =>
          remove.mutateAsync().then(
            () => {
              toast.success(t("team.branding.removed"));
              setConfirmRemove(false);
            },
            (error: unknown) => toast.error(errorMessage(error, t("team.branding.removeFailed"))),
          )
        }
      />
    </div>
  );
}
