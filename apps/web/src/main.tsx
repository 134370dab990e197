import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { restoreQueryCache } from "./app/persisted-query-cache";
import { Providers } from "./app/providers";
import { queryClient } from "./app/query-client";
import "./index.css";
import { showFlashedToast } from "./lib/toast";
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
startTransition(() =>
  app.render(
    <StrictMode>
      <Providers />
    </StrictMode>,
  ),
);
showFlashedToast();
