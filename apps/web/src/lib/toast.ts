// Toasts per SPEC §2: top right, 3000 ms, pause on hover and focus loss, close on click, draggable.
export { toast } from "react-toastify";
export const TOAST_OPTIONS = {
  position: "top-right",
  autoClose: 3000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  closeOnClick: true,
  draggable: true,
} as const;
