import { Outlet } from "react-router";
import { BottomTabs } from "./bottom-tabs";
import { Header } from "./header";
import { MobileSidebar, Sidebar } from "./sidebar";

export function AppShell({ variant = "app" }: { variant?: "app" | "admin" }) {
  return (
    <div className="flex min-h-dvh">
      <Sidebar variant={variant} />
      <MobileSidebar variant={variant} />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header />
        <main id="main" className="flex-1 px-4 pb-24 pt-4 sm:px-6 lg:pb-8">
          <Outlet />
        </main>
      </div>
      {variant === "app" && <BottomTabs />}
    </div>
  );
}
