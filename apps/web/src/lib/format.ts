import { format } from "date-fns";

/** Epoch seconds → 'MMM d, yyyy' (SPEC §9). */
export const formatDate = (seconds: number): string => format(new Date(seconds * 1000), "MMM d, yyyy");
/** Epoch seconds → 'MMM d, yyyy h:mm a'. */
export const formatDateTime = (seconds: number): string => format(new Date(seconds * 1000), "MMM d, yyyy h:mm a");
export const capitalise = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);
export const initials = (first: string, last: string): string =>
  `${first.charAt(0)}${last.charAt(0)}`.toUpperCase() || "?";
