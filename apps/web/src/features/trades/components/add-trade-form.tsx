import { MAX_TRADE_NAME } from "@sitesnag/shared/trade-names";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/button";
import { TextField } from "../../../components/field";
import { useT } from "../../../i18n/use-t";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { useCreateTrade } from "../api/trade-mutations";

/** A name and Add: the trade goes to the end of the list, offered at once. */
export function AddTradeForm() {
  const t = useT();
  const create = useCreateTrade();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(name, {
          onSuccess: (trade) => {
            setName("");
            setError(undefined);
            toast.success(t("trades.added", { name: trade.name }));
          },
          onError: (err) => setError(errorMessage(err, t("trades.addFailed"))),
        });
      }}
    >
      <div className="flex-1">
        <TextField
          label={t("trades.add.label")}
          value={name}
          maxLength={MAX_TRADE_NAME}
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <Button type="submit" isLoading={create.isPending} className="sm:mb-0.5">
        <Plus aria-hidden className="size-4" />
        {t("trades.add.button")}
      </Button>
    </form>
  );
}
