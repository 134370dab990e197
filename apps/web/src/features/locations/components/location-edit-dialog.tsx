// Create a location (at the top or inside another) or edit one: its name, code and plan (a sheet
// of the project). The server checks everything (unique among siblings, five levels, no control
// characters) and its sentence is shown in the dialog.
import type { Sheet } from "@sitesnag/shared/sheets";
import { useState } from "react";
import { Button } from "../../../components/button";
import { SelectField, TextField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import type { LocationItem } from "../lib/location-tree";

export type EditTarget = { kind: "create"; parent: LocationItem | null } | { kind: "edit"; item: LocationItem };

export type EditValues = { name: string; code: string | null; sheetId: string | null };

type Props = {
  target: EditTarget;
  sheets: Sheet[];
  isPending: boolean;
  error: unknown;
  onSave: (values: EditValues) => void;
  onClose: () => void;
};

export function LocationEditDialog({ target, sheets, isPending, error, onSave, onClose }: Props) {
  const t = useT();
  const item = target.kind === "edit" ? target.item : null;
  const [name, setName] = useState(item?.name ?? "");
  const [code, setCode] = useState(item?.code ?? "");
  const [sheetId, setSheetId] = useState(item?.sheetId ?? "");
  const title =
    target.kind === "edit"
      ? t("locations.edit.title", { name: target.item.name })
      : target.parent
        ? t("locations.create.inside", { name: target.parent.name })
        : t("locations.create.top");
  return (
    <Modal open title={title} onClose={onClose} closeLabel={t("common.close")}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSave({ name: name.trim(), code: code.trim() || null, sheetId: sheetId || null });
        }}
      >
        <TextField label={t("locations.field.name")} value={name} onChange={(e) => setName(e.target.value)} required />
        <TextField
          label={t("locations.field.code")}
          hint={t("locations.field.codeHint")}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <SelectField label={t("locations.field.sheet")} value={sheetId} onChange={(e) => setSheetId(e.target.value)}>
          <option value="">{t("locations.field.noSheet")}</option>
          {sheets.map((s) => (
            <option key={s.id} value={s.id}>
              {s.level ? `${s.name} (${s.level})` : s.name}
            </option>
          ))}
        </SelectField>
        {error !== null && error !== undefined && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {errorMessage(error, t("locations.error.save"))}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isPending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" isLoading={isPending}>
            {target.kind === "edit" ? t("locations.edit.save") : t("locations.create.save")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
