// A secret the server shows once (an API token, a webhook's signing secret): the warning that it
// cannot be seen again, the secret selected on focus, Copy, and Done.
import { Copy, TriangleAlert } from "lucide-react";
import { toast } from "../lib/toast";
import { Button } from "./button";
import { TextField } from "./field";

export type SecretOnceWords = {
  /** That the secret is shown this once. */
  warning: string;
  /** The field's label, naming what the secret is for. */
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
};

export function SecretOnce({ secret, words, onDone }: { secret: string; words: SecretOnceWords; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(words.copied);
    } catch {
      toast.error(words.copyFailed);
    }
  };
  return (
    <div className="space-y-4">
      <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
        {words.warning}
      </p>
      <TextField
        label={words.label}
        value={secret}
        readOnly
        className="font-mono"
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={copy}>
          <Copy aria-hidden className="size-4" />
          {words.copy}
        </Button>
        <Button onClick={onDone}>{words.done}</Button>
      </div>
    </div>
  );
}
