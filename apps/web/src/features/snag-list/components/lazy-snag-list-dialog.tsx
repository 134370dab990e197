import { lazyDialog } from "../../../lib/lazy-dialog";
import type { SnagListDialogProps } from "./snag-list-dialog";

/** The snag list dialog, loaded when first opened (or once the screen offering it has painted). */
export const LazySnagListDialog = lazyDialog<SnagListDialogProps>(
  () => import("./snag-list-dialog").then((m) => m.SnagListDialog),
  (props) => props.open,
);
