// The search box's dialog (issue 39), loaded when first wanted (search-box.tsx): a combobox over
// grouped results (WAI-ARIA 1.2: focus stays in the input, the active option is named by
// aria-activedescendant, arrows move, Enter opens), recent searches while the box is empty, and
// offline the lists already cached. On a phone it fills the screen; on a desktop it drops below
// the header.
import { searchTokens } from "@sitesnag/shared/search-words";
import { onlineManager, useQueryClient } from "@tanstack/react-query";
import { Search, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { msg, useT } from "../../i18n/use-t";
import { isNoAnswer } from "../../lib/network-error";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { useSearchEverything } from "./api/search-everything";
import {
  groupResults,
  type OptionGroup,
  optionId,
  type SearchOption,
  SearchResults,
} from "./components/search-results";
import { searchCachedLists } from "./offline-search";
import { clearRecentSearches, readRecentSearches, rememberSearch } from "./recent-searches";

const OFFLINE_LIMIT = 30;

const useOnline = () =>
  useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );

type Props = { open: boolean; onClose: () => void };

export function SearchDialog({ open, onClose }: Props) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const online = useOnline();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>(readRecentSearches);
  const settled = useDebouncedValue(query.trim(), 150);
  const tokens = useMemo(() => searchTokens(settled), [settled]);
  const server = useSearchEverything(settled, open && online && tokens.length > 0);
  const offline = !online || (server.isError && isNoAnswer(server.error));

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Each opening starts empty, offering the recent searches.
      setQuery("");
      setRecent(readRecentSearches());
      input.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const groups: OptionGroup[] = useMemo(() => {
    if (query.trim() === "") {
      return recent.length > 0
        ? [{ key: "recent", label: msg("search.recent"), options: recent.map((q) => ({ type: "recent", query: q })) }]
        : [];
    }
    if (tokens.length === 0) return [];
    const results = offline ? searchCachedLists(client, tokens, OFFLINE_LIMIT) : (server.data?.results ?? []);
    return groupResults(results);
  }, [query, recent, tokens, offline, client, server.data]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);

  // A new list starts with nothing chosen; Enter then opens the first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the options change
  useEffect(() => setActive(-1), [options]);

  const choose = (option: SearchOption) => {
    if (option.type === "recent") {
      setQuery(option.query);
      input.current?.focus();
      return;
    }
    setRecent(rememberSearch(query));
    onClose();
    navigate(option.result.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    if (event.key === "ArrowDown" && count > 0) {
      event.preventDefault();
      setActive((i) => (i + 1) % count);
    } else if (event.key === "ArrowUp" && count > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? count - 1 : i - 1));
    } else if (event.key === "Enter") {
      const option = options[active >= 0 ? active : 0];
      if (option) {
        event.preventDefault();
        choose(option);
      }
    }
  };

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(listboxId, active))?.scrollIntoView({ block: "nearest" });
  }, [active, listboxId]);

  const searching = tokens.length > 0 && !offline && server.isFetching;
  let status = "";
  if (query.trim() !== "" && settled === query.trim()) {
    if (tokens.length > 0 && server.isError && !offline) status = t("search.failed");
    else if (searching) status = t("search.searching");
    else if (options.length === 0) status = t("search.empty", { query: query.trim() });
    else status = t("search.count", { count: options.length });
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; from the keyboard Escape does (onCancel)
    <dialog
      ref={ref}
      aria-label={t("search.open")}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => event.target === ref.current && onClose()}
      className="m-0 h-dvh max-h-none w-full max-w-none bg-white p-0 backdrop:bg-slate-900/50 sm:mx-auto sm:mt-16 sm:h-auto sm:max-h-[75dvh] sm:max-w-xl sm:rounded-xl sm:shadow-xl"
    >
      {open && (
        <div className="flex h-full max-h-[inherit] flex-col">
          <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
            <Search aria-hidden className="size-5 shrink-0 text-slate-500" />
            <input
              ref={input}
              // Not type="search": there Escape clears the text instead of closing the dialog.
              type="text"
              role="combobox"
              aria-label={t("search.inputLabel")}
              aria-expanded={options.length > 0}
              aria-controls={listboxId}
              aria-autocomplete="list"
              aria-activedescendant={active >= 0 ? optionId(listboxId, active) : undefined}
              autoComplete="off"
              enterKeyHint="search"
              maxLength={200}
              placeholder={t("search.placeholder")}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onKeyDown}
              className="min-h-11 min-w-0 flex-1 bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-400"
            />
            <button
              type="button"
              onClick={onClose}
              aria-label={t("search.close")}
              className="rounded-lg p-2 text-slate-500 hover:bg-slate-100"
            >
              <X aria-hidden className="size-5" />
            </button>
          </div>
          {offline && query.trim() !== "" && (
            <p className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
              {t("search.offline")}
            </p>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto">
            <SearchResults id={listboxId} groups={groups} active={active} onHover={setActive} onChoose={choose} />
            {query.trim() === "" && (
              <div className="px-4 pb-4 text-sm text-slate-600">
                {recent.length > 0 && (
                  <button
                    type="button"
                    onClick={() => {
                      clearRecentSearches();
                      setRecent([]);
                    }}
                    className="mb-3 text-sm font-medium text-brand-700 hover:underline"
                  >
                    {t("search.clearRecent")}
                  </button>
                )}
                <p>{t("search.hint")}</p>
              </div>
            )}
            <p
              role="status"
              aria-live="polite"
              className={status && options.length === 0 ? "px-4 py-3 text-sm text-slate-600" : "sr-only"}
            >
              {status}
            </p>
          </div>
        </div>
      )}
    </dialog>
  );
}
