import { type ReactNode, Suspense, useEffect } from "react";
import { Outlet, useMatches } from "react-router";
import { PageSkeleton, type SkeletonKind } from "../../components/page-skeleton";
import type { Message } from "../../i18n/i18n";
import { useT } from "../../i18n/use-t";
import { afterLoad } from "../../lib/after-load";
import { preloadToasts } from "../../lib/toast";
import { BottomTabs } from "./bottom-tabs";
import { Header } from "./header";
import { MobileSidebar, Sidebar } from "./sidebar";

type Variant = "app" | "admin";

// Work that waits for the first screen to paint, in one chunk of its own (after-paint.ts): the
// language sync and the live stream of others' changes (issue 39).
const startAfterPaint = () => void import("./after-paint").then((m) => m.startAfterPaint()).catch(() => undefined);

/**
 * The shell's layout: skip link, navigation (sidebar on desktop, menu and tabs on a phone), the
 * header and the main area. Shared by the live shell below and the frame pre-rendered into the
 * HTML of every signed-in screen (shell-frame.tsx), so the two line up exactly.
 */
export function ShellLayout({
  variant,
  header,
  children,
}: {
  variant: Variant;
  header: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="flex min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
      >
        {t("shell.skipToMain")}
      </a>
      <Sidebar variant={variant} />
      <MobileSidebar variant={variant} />
      <div className="flex min-w-0 flex-1 flex-col">
        {header}
        <main id="main" tabIndex={-1} className="flex-1 px-4 pb-24 pt-4 sm:px-6 lg:pb-8">
          {children}
        </main>
      </div>
      {variant === "app" && <BottomTabs />}
    </div>
  );
}

export function AppShell({ variant = "app" }: { variant?: Variant }) {
  // Once the page has loaded, so the toast library is in memory before the signal drops: offline,
  // a chunk fetched on the first toast could not load.
  useEffect(() => afterLoad(preloadToasts, { idle: false }), []);
  // The language (a choice still waiting on this device goes to the server, else another device's
  // newer choice is read back; again on every reconnect) and the live stream: after-paint.ts.
  useEffect(() => afterLoad(startAfterPaint), []);
  // The screen's code loads inside the shell (app/lazy-page.tsx): header and navigation paint at
  // once, with a skeleton of the screen (its route's handle) until the screen is in.
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { skeleton?: SkeletonKind; title?: Message } | undefined;
  return (
    <ShellLayout variant={variant} header={<Header />}>
      <Suspense fallback={<PageSkeleton kind={handle?.skeleton} title={handle?.title} />}>
        <Outlet />
      </Suspense>
    </ShellLayout>
  );
}
