import { PRODUCT_NAME } from "@sitesnag/shared/enums";
import { Download, X } from "lucide-react";
import { useEffect } from "react";
import { Button } from "../../components/button";
import { useT } from "../../i18n/use-t";
import { useUiStore } from "../../stores/ui-store";

/** The install card (SPEC §2, §4), shown once the browser offers installation. */
export function InstallPrompt() {
  const event = useUiStore((s) => s.installPromptEvent);
  const show = useUiStore((s) => s.showInstallPrompt);
  const setShow = useUiStore((s) => s.setShowInstallPrompt);
  const setEvent = useUiStore((s) => s.setInstallPromptEvent);
  const t = useT();
  const visible = show && event !== null;
  // The card floats over the page's bottom corner, where forms keep their Save buttons: while it
  // shows, the page gets room below its content so anything under the card can be scrolled clear.
  useEffect(() => {
    if (!visible) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    body.style.paddingBottom = "12rem";
    return () => {
      body.style.paddingBottom = before;
    };
  }, [visible]);
  if (!visible) return null;
  const install = async () => {
    await event.prompt();
    await event.userChoice.catch(() => undefined);
    setEvent(null);
    setShow(false);
  };
  return (
    <section
      aria-labelledby="install-title"
      className="fixed inset-x-3 bottom-20 z-50 rounded-xl bg-white p-4 shadow-xl ring-1 ring-slate-200 sm:start-auto sm:end-4 sm:w-96 lg:bottom-4"
    >
      <button
        type="button"
        aria-label={t("common.close")}
        onClick={() => setShow(false)}
        className="absolute end-2 top-2 rounded-lg p-2 text-slate-500 hover:bg-slate-100"
      >
        <X aria-hidden className="size-4" />
      </button>
      <div className="flex gap-3 pe-6">
        <Download aria-hidden className="mt-0.5 size-6 shrink-0 text-brand-600" />
        <div>
          <h2 id="install-title" className="font-semibold text-slate-900">
            {t("pwa.install.title", { product: PRODUCT_NAME })}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t("pwa.install.body")}</p>
        </div>
      </div>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="secondary" onClick={() => setShow(false)}>
          {t("pwa.install.notNow")}
        </Button>
        <Button onClick={install}>{t("pwa.install.action")}</Button>
      </div>
    </section>
  );
}
