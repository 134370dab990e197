import { lazyDialog } from "../../../lib/lazy-dialog";
import type { CreateShareLinkDialogProps } from "./create-share-link-dialog";

export const LazyCreateShareLinkDialog = lazyDialog<CreateShareLinkDialogProps>(
  () => import("./create-share-link-dialog").then((m) => m.CreateShareLinkDialog),
  (props) => props.open,
);
