import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { restoreQueryCache } from "./app/persisted-query-cache";
import { Providers } from "./app/providers";
import { queryClient } from "./app/query-client";
import { onCatalogueFailure, translate } from "./i18n/i18n";
import { startLocale } from "./i18n/locale-start";
import { msg } from "./i18n/use-t";
import "./index.css";
import { showFlashedToast, toast } from "./lib/toast";
import { useAuthStore } from "./stores/auth-store";

// A signed-in start: the persisted reads are read back while the first screen's code loads.
const signedIn = useAuthStore.getState().user?.id;
if (signedIn) void restoreQueryCache(queryClient, signedIn);

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");
// In a transition, React renders the app in slices and yields between them: the frame from the
// document is already on screen, and a slow phone keeps answering taps while the app starts
// instead of freezing for one long task (Lighthouse's total blocking time, issue 7).
const app = createRoot(root);
// A chosen language that cannot load (offline before the service worker kept it) leaves English.
onCatalogueFailure(() => toast.info(translate(msg("i18n.catalogueOffline"))));
// English renders at once; another language after its one catalogue request (precached offline).
void startLocale().then(() =>
  startTransition(() =>
    app.render(
      <StrictMode>
        <Providers />
      </StrictMode>,
    ),
  ),
);
showFlashedToast();
