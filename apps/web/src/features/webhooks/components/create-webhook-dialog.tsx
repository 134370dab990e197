// New webhook: the endpoint's URL and the events it hears of; then the signing secret, shown this
// once with a Copy button and a warning. Closing the dialog forgets the secret for good.
import { MAX_WEBHOOK_URL, WEBHOOK_EVENTS, type WebhookCreated, type WebhookEvent } from "@sitesnag/shared/webhooks";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { SecretOnce } from "../../../components/secret-once";
import { useT } from "../../../i18n/use-t";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useCreateWebhook } from "../api/webhooks-api";

export function CreateWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={created ? t("workspace.webhooks.created.title") : t("workspace.webhooks.create.title")}
      onClose={close}
      closeLabel={t("common.close")}
    >
      {created ? (
        <SecretOnce
          secret={created.secret}
          words={{
            warning: t("workspace.webhooks.created.warning"),
            label: t("workspace.webhooks.secretLabel", { url: created.webhook.url }),
            copy: t("workspace.webhooks.copy"),
            copied: t("workspace.webhooks.copied"),
            copyFailed: t("workspace.webhooks.copyFailed"),
            done: t("workspace.webhooks.done"),
          }}
          onDone={close}
        />
      ) : (
        <WebhookForm onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}

function WebhookForm({ onCreated, onCancel }: { onCreated: (c: WebhookCreated) => void; onCancel: () => void }) {
  const t = useT();
  const create = useCreateWebhook();
  const hintId = useId();
  const errorId = useId();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["report.created", "report.status_changed"]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((list) => (on ? [...list, event] : list.filter((e) => e !== event)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (answer) => {
          setErrors({});
          onCreated(answer);
        },
        onError: (err) => {
          const details = err instanceof ApiError ? err.body?.details : undefined;
          if (details && Object.keys(details).length > 0) {
            setErrors(Object.fromEntries(Object.entries(details).map(([field, messages]) => [field, messages[0]])));
          } else {
            toast.error(errorMessage(err, t("workspace.webhooks.createFailed")));
          }
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label={t("workspace.webhooks.url")}
        hint={t("workspace.webhooks.url.hint")}
        type="url"
        inputMode="url"
        value={url}
        maxLength={MAX_WEBHOOK_URL}
        error={errors.url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <fieldset className="space-y-2" aria-describedby={errors.events ? `${hintId} ${errorId}` : hintId}>
        <legend className="text-sm font-medium text-slate-700">{t("workspace.webhooks.events")}</legend>
        <p id={hintId} className="text-xs text-slate-600">
          {t("workspace.webhooks.events.hint")}
        </p>
        <div className="grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex min-h-11 cursor-pointer items-center gap-3">
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-brand-700"
                checked={events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />
              <span className="font-mono text-sm text-slate-900">{event}</span>
            </label>
          ))}
        </div>
        {errors.events && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {errors.events}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" isLoading={create.isPending}>
          {t("workspace.webhooks.create")}
        </Button>
      </div>
    </form>
  );
}
