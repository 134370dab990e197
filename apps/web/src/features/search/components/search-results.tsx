import { SEARCH_KINDS, type SearchKind, type SearchResultShape as SearchResult } from "@sitesnag/shared/search-words";
import type { Message } from "../../../i18n/i18n";
import { msg, useT } from "../../../i18n/use-t";

/** One choice of the list: a result to open, or a recent search to run again. */
export type SearchOption = { type: "result"; result: SearchResult } | { type: "recent"; query: string };

export type OptionGroup = { key: string; label: Message; options: SearchOption[] };

const KIND_LABELS: Record<SearchKind, Message> = {
  report: msg("search.kind.report"),
  project: msg("search.kind.project"),
  audit: msg("search.kind.audit"),
  sheet: msg("search.kind.sheet"),
  contact: msg("search.kind.contact"),
  member: msg("search.kind.member"),
};

/** Results grouped by kind, the groups in the order of their best result (the answer is ranked). */
export function groupResults(results: readonly SearchResult[]): OptionGroup[] {
  const groups = new Map<SearchKind, OptionGroup>();
  for (const result of results) {
    if (!SEARCH_KINDS.includes(result.kind)) continue;
    let group = groups.get(result.kind);
    if (!group) {
      group = { key: result.kind, label: KIND_LABELS[result.kind], options: [] };
      groups.set(result.kind, group);
    }
    group.options.push({ type: "result", result });
  }
  return [...groups.values()];
}

export const optionId = (listboxId: string, index: number) => `${listboxId}-option-${index}`;

type Props = {
  id: string;
  groups: OptionGroup[];
  active: number;
  onHover: (index: number) => void;
  onChoose: (option: SearchOption) => void;
};

/** The listbox of the combobox (WAI-ARIA 1.2): groups labelled by their heading, options by index. */
export function SearchResults({ id, groups, active, onHover, onChoose }: Props) {
  const t = useT();
  let index = -1;
  return (
    <div id={id} role="listbox" aria-label={t("search.inputLabel")} className="py-2">
      {groups.map((group) => {
        const labelId = `${id}-${group.key}`;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a listbox holds options and groups of them only (no fieldset)
          <div key={group.key} role="group" aria-labelledby={labelId} className="py-1">
            <div
              id={labelId}
              role="presentation"
              className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500"
            >
              {t(group.label)}
            </div>
            {group.options.map((option) => {
              index += 1;
              const at = index;
              const selected = at === active;
              return (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (aria-activedescendant)
                <div
                  key={
                    option.type === "result" ? `${option.result.kind}:${option.result.id}` : `recent:${option.query}`
                  }
                  id={optionId(id, at)}
                  role="option"
                  aria-selected={selected}
                  tabIndex={-1}
                  onMouseMove={() => !selected && onHover(at)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onChoose(option)}
                  className={`mx-2 cursor-pointer rounded-lg px-3 py-2 ${selected ? "bg-brand-50 ring-1 ring-brand-600" : ""}`}
                >
                  {option.type === "result" ? (
                    <>
                      <p className="truncate text-sm font-medium text-slate-900">{option.result.title}</p>
                      {option.result.subtitle && (
                        <p className="truncate text-xs text-slate-600">{option.result.subtitle}</p>
                      )}
                    </>
                  ) : (
                    <p className="truncate text-sm text-slate-800">{option.query}</p>
                  )}
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
