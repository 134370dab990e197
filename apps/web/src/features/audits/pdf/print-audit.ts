import { toast } from "../../../lib/toast";

/** SPEC §9: the print window opens after a 500 ms delay. */
export const PRINT_DELAY_MS = 500;

/**
 * Opens the document in a new window and asks the browser to print it (Save as PDF on every
 * platform). A blocked pop-up is reported (`blocked`: SPEC's sentence in the reader's language),
 * never silently ignored.
 */
export function openPrintWindow(html: string, blocked: string): void {
  setTimeout(() => {
    const win = window.open("", "_blank");
    if (!win) {
      toast.error(blocked);
      return;
    }
    win.document.open();
    win.document.write(html);
    win.document.close();
    win.focus();
    // Print once the photos and signatures are decoded, or the first page prints without them.
    const images = [...win.document.images].map((img) => img.decode().catch(() => undefined));
    void Promise.all(images).then(() => win.print());
  }, PRINT_DELAY_MS);
}
