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

export type NavItem = { to: string; label: string; icon: LucideIcon };

export const SIDEBAR_ITEMS: NavItem[] = [
  { to: "/app/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/app/projects", label: "Projects", icon: FolderKanban },
  { to: "/app/snagging", label: "Snagging Reports", icon: FileWarning },
  { to: "/app/audits", label: "Audits", icon: ClipboardCheck },
  { to: "/app/team", label: "Team", icon: Users },
  { to: "/app/trash", label: "Trash", icon: Trash2 },
  { to: "/app/profile", label: "Profile", icon: UserRound },
];

export const TAB_ITEMS: NavItem[] = [
  { to: "/app/projects", label: "Projects", icon: FolderKanban },
  { to: "/app/snagging", label: "Snags", icon: FileWarning },
  { to: "/app/audits", label: "Audits", icon: ClipboardCheck },
  { to: "/app/profile", label: "Profile", icon: UserRound },
];
