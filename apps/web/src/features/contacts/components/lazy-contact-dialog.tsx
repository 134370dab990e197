import { lazyDialog } from "../../../lib/lazy-dialog";
import type { ContactDialogProps } from "./contact-dialog";

/** The contact dialog, loaded when first opened (the report form and the Team page offer it). */
export const LazyContactDialog = lazyDialog<ContactDialogProps>(
  () => import("./contact-dialog").then((m) => m.ContactDialog),
  (props) => props.open,
);
