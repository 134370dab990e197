import { StrictMode } from "react";
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
createRoot(root).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
);
showFlashedToast();
