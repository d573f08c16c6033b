import "./app/styles";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A transition: React draws the first screen in slices that yield to the browser every few milliseconds
// instead of one long task (Lighthouse's Total Blocking Time on a phone).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
