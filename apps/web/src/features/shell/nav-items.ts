import {
  ClipboardCheck,
  FileWarning,
  FolderKanban,
  LayoutDashboard,
  type LucideIcon,
  Trash2,
  UserRound,
  Users,
} from "lucide-react";
import type { Message } from "../../i18n/i18n";
import { msg } from "../../i18n/use-t";

/** `label`: the item's name as a catalogue message (useT reads it in the app's language). */
export type NavItem = { to: string; label: Message; icon: LucideIcon };

export const SIDEBAR_ITEMS: NavItem[] = [
  { to: "/app/dashboard", label: msg("shell.nav.dashboard"), icon: LayoutDashboard },
  { to: "/app/projects", label: msg("shell.nav.projects"), icon: FolderKanban },
  { to: "/app/snagging", label: msg("shell.nav.snaggingReports"), icon: FileWarning },
  { to: "/app/audits", label: msg("shell.nav.audits"), icon: ClipboardCheck },
  { to: "/app/team", label: msg("shell.nav.team"), icon: Users },
  { to: "/app/trash", label: msg("shell.nav.trash"), icon: Trash2 },
  { to: "/app/profile", label: msg("shell.nav.profile"), icon: UserRound },
];

export const TAB_ITEMS: NavItem[] = [
  { to: "/app/projects", label: msg("shell.nav.projects"), icon: FolderKanban },
  { to: "/app/snagging", label: msg("shell.tabs.snags"), icon: FileWarning },
  { to: "/app/audits", label: msg("shell.nav.audits"), icon: ClipboardCheck },
  { to: "/app/profile", label: msg("shell.nav.profile"), icon: UserRound },
];
