import { useT } from "../i18n/use-t";
import { Button } from "./button";
import { Modal } from "./modal";

type Props = {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  isPending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before anything is destroyed. */
export function ConfirmDialog({ open, title, message, confirmLabel, isPending = false, onConfirm, onCancel }: Props) {
  const t = useT();
  return (
    <Modal open={open} title={title} onClose={onCancel} closeLabel={t("common.close")}>
      <p className="text-sm text-slate-700">{message}</p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          {t("common.cancel")}
        </Button>
        <Button variant="danger" onClick={onConfirm} isLoading={isPending}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
