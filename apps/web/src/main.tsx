import "./app/styles";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { prefetchFirstScreen } from "./app/first-screen-reads";
import { createQueryClient } from "./app/query-client";
import { createApiClient } from "./lib/trpc";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const queryClient = createQueryClient();
const apiClient = createApiClient();
prefetchFirstScreen(window.location.pathname, queryClient, apiClient);

// A transition: React draws the first screen in slices that yield to the browser every few milliseconds
// instead of one long task (Lighthouse's Total Blocking Time on a phone).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} apiClient={apiClient} />
    </StrictMode>,
  );
});
