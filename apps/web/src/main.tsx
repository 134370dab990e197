import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Providers } from "./app/providers";
import "./index.css";
import { showFlashedToast } from "./lib/toast";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");
createRoot(root).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
);
showFlashedToast();
