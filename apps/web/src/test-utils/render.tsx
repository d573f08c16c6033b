// Renders a screen the way the app does: all providers, a memory router, tRPC answered from fixtures,
// and a fake player. `renderRoute('/playlist/x')` renders the real route table at that address.
import { render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, useLocation } from "react-router-dom";
import { AppRoutes } from "../app/App";
import { AppProviders } from "../app/providers";
import { createQueryClient } from "../app/query-client";
import { ServerHtmlProvider } from "../first-screen/server-html";
import { trpc } from "../lib/trpc";
import type { PlayerState } from "../features/player/types";
import { createFakePlayer, FakePlayerContext } from "./fake-player";
import { fixtureLink, type Call, type Fixtures } from "./trpc-fixtures";

export interface RenderOptions {
  /** Where the app starts, e.g. '/search?q=pop'. */
  route?: string;
  /** Responses that differ from the default catalog. */
  fixtures?: Fixtures;
  /** The fake player's state (a current song, playing or not). */
  player?: Partial<PlayerState>;
  /** The tree hydrates a page the server rendered (src/main.tsx) rather than rendering it itself. */
  fromServerHtml?: boolean;
}

export function renderWithProviders(
  ui: ReactElement,
  { route = "/", fixtures = {}, player, fromServerHtml = false }: RenderOptions = {},
) {
  const calls: Call[] = [];
  const apiClient = trpc.createClient({ links: [fixtureLink(fixtures, calls)] });
  const fakePlayer = createFakePlayer(player);
  const queryClient = createQueryClient();
  const result = render(
    <ServerHtmlProvider value={fromServerHtml}>
      <MemoryRouter initialEntries={[route]}>
        <AppProviders queryClient={queryClient} apiClient={apiClient} env="test">
          <FakePlayerContext value={fakePlayer}>
            {ui}
            <LocationProbe />
          </FakePlayerContext>
        </AppProviders>
      </MemoryRouter>
    </ServerHtmlProvider>,
  );
  return {
    ...result,
    player: fakePlayer,
    /** The screens' query cache: what they watch, not only what they asked. */
    queryClient,
    /** Every tRPC call made so far, in order. */
    calls,
    callsTo: (path: string) => calls.filter((call) => call.path === path),
    /** The router's current address (path + query). */
    location: () => screen.getByTestId("location").textContent ?? "",
  };
}

/** The whole app (shell + lazy screens) at `route`. */
export function renderRoute(route: string, options: Omit<RenderOptions, "route"> = {}) {
  return renderWithProviders(<AppRoutes />, { ...options, route });
}

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}
