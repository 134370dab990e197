// The snag list's two empty states, loaded when one is shown: a workspace with no snags yet, and
// filters that match none (saying which). Rare on a working site, so not in the list's first load
// (its first-load budget); in the service worker's precache like every chunk.
import { Link } from "react-router";
import { buttonClass } from "../../../components/button";
import { EmptyState } from "../../../components/states";
import { useT } from "../../../i18n/use-t";
import type { StatusFilterValue } from "./status-filter";

type Props =
  | { none: true }
  | { none?: false; assignedTo: string; mine: boolean; search: string; status: StatusFilterValue };

export default function ListEmptyState(props: Props) {
  const t = useT();
  if (props.none) {
    return (
      <EmptyState
        title={t("snagging.list.emptyTitle")}
        action={
          <Link to="/app/snagging/new" className={buttonClass("primary")}>
            {t("snagging.list.firstSnag")}
          </Link>
        }
      >
        {t("snagging.list.emptyBody")}
      </EmptyState>
    );
  }
  const { assignedTo, mine, status } = props;
  const search = props.search.trim();
  return (
    <EmptyState title={t("snagging.list.noMatchTitle")}>
      {assignedTo && !mine && !search && status === "all"
        ? t("snagging.list.noneAssigned")
        : mine && !search && status === "all"
          ? t("snagging.list.noneWaiting")
          : search
            ? status !== "all"
              ? t("snagging.list.noneMatchStatus", { search })
              : t("snagging.list.noneMatch", { search })
            : t("snagging.list.noneStatus")}
    </EmptyState>
  );
}
