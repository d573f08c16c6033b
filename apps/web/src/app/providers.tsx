import { MantineProvider, type MantineColorSchemeManager } from "@mantine/core";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { AuthProvider } from "../features/account/AuthProvider";
import { MembershipProvider } from "../features/account/membership";
import { LazyToaster } from "../ui/toast/LazyToaster";
import { createApiClient, trpc, type ApiClient } from "../lib/trpc";
import { createQueryClient } from "./query-client";
import { theme } from "../ui/theme";
import type { I18n } from "@lingui/core";
import { LocaleProvider } from "../i18n";

// The app is dark only, and its HTML says so (data-mantine-color-scheme on <html>, index.html and the
// server's render). Mantine's provider would write the attribute again in hydration: its manager's stored
// scheme ('light' when none is stored) in a layout effect, then the forced 'dark' after the frame; each
// write restyled the whole document, and the frame between painted the text black (a flicker). With no
// root element to write to and a manager that stores nothing, the attribute stays the HTML's.
const DARK_ONLY: MantineColorSchemeManager = {
  get: () => "dark",
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};
const NO_ROOT_TO_WRITE = () => undefined;

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own; the app makes one of each on first render. */
  queryClient?: QueryClient;
  apiClient?: ApiClient;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: "default" | "test";
  /** The page's translator: the server renders each page with one of its own; the browser shares one. */
  i18n?: I18n;
}

/**
 * Everything a screen relies on: theme (with tooltip timing), server data (tRPC + TanStack Query), toasts
 * and the current listener (AuthProvider: the session, a guest when there is none, wallet sign-in; MembershipProvider:
 * whether they are premium).
 */
export function AppProviders({ children, queryClient, apiClient, env = "default", i18n }: AppProvidersProps) {
  const [queries] = useState(() => queryClient ?? createQueryClient());
  const [api] = useState(() => apiClient ?? createApiClient());
  return (
    <LocaleProvider i18n={i18n}>
      <trpc.Provider client={api} queryClient={queries}>
        <QueryClientProvider client={queries}>
          {/* The theme's CSS variables come as a stylesheet (app/theme-variables.css), not resolved at each render. */}
          <MantineProvider
            theme={theme}
            forceColorScheme="dark"
            colorSchemeManager={DARK_ONLY}
            getRootElement={NO_ROOT_TO_WRITE}
            env={env}
            withCssVariables={false}
          >
            <LazyToaster />
            <AuthProvider>
              <MembershipProvider>{children}</MembershipProvider>
            </AuthProvider>
          </MantineProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </LocaleProvider>
  );
}
