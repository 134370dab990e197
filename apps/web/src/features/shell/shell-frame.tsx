// The signed-in shell as it looks before the app's code has run: pre-rendered at build into the
// HTML of each signed-in screen (app/app-documents.ts, scripts/prerender.mjs), so a cold start
// paints header, navigation and the screen's skeleton from the first response. The app replaces it
// with the live shell (app-shell.tsx), which has the same layout and the same skeleton.
import { PageSkeleton, type SkeletonKind } from "../../components/page-skeleton";
import type { Message } from "../../i18n/i18n";
import { ShellLayout } from "./app-shell";
import { HeaderFrame } from "./header";

export function ShellFrame({ skeleton, title }: { skeleton: SkeletonKind; title?: Message | undefined }) {
  return (
    <ShellLayout variant="app" header={<HeaderFrame />}>
      <PageSkeleton kind={skeleton} title={title} />
    </ShellLayout>
  );
}
