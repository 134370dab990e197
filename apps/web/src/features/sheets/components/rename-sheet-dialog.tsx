import type { Sheet } from "@sitesnag/shared/sheets";
import { useState } from "react";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useEditSheet } from "../api/sheets-api";

/** Rename a sheet and set its level or area label. Mounted afresh on each opening. */
export function RenameSheetDialog({ open, sheet, onClose }: { open: boolean; sheet: Sheet; onClose: () => void }) {
  return (
    <Modal open={open} title="Rename sheet" onClose={onClose}>
      {open && <RenameForm sheet={sheet} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({ sheet, onClose }: { sheet: Sheet; onClose: () => void }) {
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
        if (!name.trim()) return setError("Sheet name is required");
        edit.mutate(
          { name: name.trim(), level: level.trim() },
          {
            onSuccess: () => {
              toast.success("Sheet updated");
              onClose();
            },
            onError: (err) => toast.error(errorMessage(err, "Failed to update the sheet")),
          },
        );
      }}
    >
      <TextField label="Name" value={name} maxLength={200} error={error} onChange={(e) => setName(e.target.value)} />
      <TextField label="Level or area" value={level} maxLength={100} onChange={(e) => setLevel(e.target.value)} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={edit.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
