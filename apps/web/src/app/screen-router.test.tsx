import { fireEvent, render, screen } from "@testing-library/react";
import { Suspense, use } from "react";
import { Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { preloadScreen, screenLoadedAt } from "../first-screen/lazy-screens";
import { ScreenLink } from "../ui/screen-link";
import { ScreenRouter } from "./screen-router";

/** A screen whose code never arrives: it suspends for good. */
const neverHere = new Promise<never>(() => {});
function StillLoading(): null {
  use(neverHere);
  return null;
}

function renderApp(rendersAtOnce: (pathname: string) => boolean) {
  return render(
    <ScreenRouter rendersAtOnce={rendersAtOnce}>
      <Suspense fallback={<p>Loading the screen</p>}>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <h1>Home</h1>
                <ScreenLink to="/next">Next</ScreenLink>
              </>
            }
          />
          <Route path="/next" element={<StillLoading />} />
        </Routes>
      </Suspense>
    </ScreenRouter>,
  );
}

beforeEach(() => window.history.replaceState(null, "", "/"));

describe("the screen router", () => {
  it("keeps the screen before while the next one's code is on its way (a transition), the address already new", () => {
    renderApp(() => false);
    fireEvent.click(screen.getByRole("link", { name: "Next" }));
    expect(window.location.pathname).toBe("/next");
    expect(screen.getByRole("heading", { name: "Home" })).toBeTruthy();
    expect(screen.queryByText("Loading the screen")).toBeNull();
  });

  it("renders a screen whose code is here at once: nothing holds the screen before", () => {
    // The screen here suspends anyway, which shows that the navigation was not a transition: the fallback
    // replaces Home in the same task. A screen whose code is here does not suspend: it is drawn instead.
    renderApp((pathname) => pathname === "/next");
    fireEvent.click(screen.getByRole("link", { name: "Next" }));
    expect(screen.getByText("Loading the screen")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Home" })).toBeNull();
  });

  it("knows which screens have their code here", async () => {
    expect(screenLoadedAt("/premium")).toBe(false);
    await preloadScreen("/premium");
    expect(screenLoadedAt("/premium")).toBe(true);
    expect(screenLoadedAt("/playlist/discover-weekly")).toBe(false);
  });
});
