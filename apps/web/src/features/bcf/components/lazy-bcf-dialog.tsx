import { lazyDialog } from "../../../lib/lazy-dialog";
import type { BcfDialogProps } from "./bcf-dialog";

/** The BCF dialog, loaded when first opened (or once the screen offering it has painted). */
export const LazyBcfDialog = lazyDialog<BcfDialogProps>(
  () => import("./bcf-dialog").then((m) => m.BcfDialog),
  (props) => props.open,
);
