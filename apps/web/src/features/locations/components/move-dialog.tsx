// "Move to…": the places a location may go (moveTargets: never under itself or its own branch,
// never past the fifth level), the top level first.
import { useState } from "react";
import { Button } from "../../../components/button";
import { SelectField } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { type LocationItem, moveTargets } from "../lib/location-tree";

const TOP = "__top__";

type Props = {
  item: LocationItem;
  list: LocationItem[];
  isPending: boolean;
  error: unknown;
  onMove: (parentId: string | null) => void;
  onClose: () => void;
};

export function MoveDialog({ item, list, isPending, error, onMove, onClose }: Props) {
  const t = useT();
  const targets = moveTargets(list, item.id);
  const [choice, setChoice] = useState(targets[0] === null ? TOP : (targets[0]?.id ?? ""));
  return (
    <Modal open title={t("locations.move.title", { name: item.name })} onClose={onClose} closeLabel={t("common.close")}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (choice) onMove(choice === TOP ? null : choice);
        }}
      >
        {targets.length === 0 ? (
          <p className="text-sm text-slate-700">{t("locations.move.nowhere")}</p>
        ) : (
          <SelectField label={t("locations.move.to")} value={choice} onChange={(e) => setChoice(e.target.value)}>
            {targets.map((target) =>
              target === null ? (
                <option key={TOP} value={TOP}>
                  {t("locations.move.top")}
                </option>
              ) : (
                <option key={target.id} value={target.id}>
                  {target.path}
                </option>
              ),
            )}
          </SelectField>
        )}
        {error !== null && error !== undefined && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {errorMessage(error, t("locations.error.save"))}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isPending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" isLoading={isPending} disabled={targets.length === 0}>
            {t("locations.move.save")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
