import type { Sheet } from "@sitesnag/shared/sheets";
import { useState } from "react";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useEditSheet } from "../api/sheets-api";

/** Rename a sheet and set its level or area label. Mounted afresh on each opening. */
export function RenameSheetDialog({ open, sheet, onClose }: { open: boolean; sheet: Sheet; onClose: () => void }) {
  const t = useT();
  return (
    <Modal open={open} title={t("plans.renameTitle")} onClose={onClose}>
      {open && <RenameForm sheet={sheet} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({ sheet, onClose }: { sheet: Sheet; onClose: () => void }) {
  const t = useT();
  const edit = useEditSheet(sheet.id);
  const [name, setName] = useState(sheet.name);
  const [level, setLevel] = useState(sheet.level);
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return setError(t("plans.nameRequired"));
        edit.mutate(
          { name: name.trim(), level: level.trim() },
          {
            onSuccess: () => {
              toast.success(t("plans.updated"));
              onClose();
            },
            onError: (err) => toast.error(errorMessage(err, t("plans.updateFailed"))),
          },
        );
      }}
    >
      <TextField
        label={t("plans.name")}
        value={name}
        maxLength={200}
        error={error}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField label={t("plans.level")} value={level} maxLength={100} onChange={(e) => setLevel(e.target.value)} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          {t("plans.cancel")}
        </Button>
        <Button type="submit" isLoading={edit.isPending}>
          {t("plans.save")}
        </Button>
      </div>
    </form>
  );
}
