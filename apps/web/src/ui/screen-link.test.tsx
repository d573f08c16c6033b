import { fireEvent, render, screen } from "@testing-library/react";
import { Profiler } from "react";
import { Route, Routes, useLocation } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import { ScreenLink, useNavigateTo } from "./screen-link";
import { ScreenRouter } from "../app/screen-router";

/** Renders of the link (React's Profiler reports each commit that rendered anything inside it). */
let linkRenders = 0;
function CountedLink() {
  return (
    <Profiler id="link" onRender={() => (linkRenders += 1)}>
      <ScreenLink to="/playlist/two">Two</ScreenLink>
    </Profiler>
  );
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function SearchButton() {
  const navigateTo = useNavigateTo();
  return (
    <button type="button" onClick={() => navigateTo("/search?q=rain", { replace: true })}>
      Search for rain
    </button>
  );
}

function renderApp() {
  return render(
    <ScreenRouter rendersAtOnce={() => true}>
      <Where />
      <CountedLink />
      <ScreenLink to="/" data-testid="home-link">
        Home
      </ScreenLink>
      <SearchButton />
      <Routes>
        <Route path="*" element={null} />
      </Routes>
    </ScreenRouter>,
  );
}

beforeEach(() => {
  window.history.replaceState(null, "", "/");
  linkRenders = 0;
});

describe("a link to one of the app's screens", () => {
  it("is a real link to the path, and a plain click opens the screen in the page, adding a history entry", () => {
    renderApp();
    const link = screen.getByRole("link", { name: "Two" });
    expect(link.getAttribute("href")).toBe("/playlist/two");
    const before = window.history.length;
    fireEvent.click(link);
    expect(screen.getByTestId("where").textContent).toBe("/playlist/two");
    expect(window.history.length).toBe(before + 1);
  });

  it("does not render again when the listener moves to another screen", () => {
    renderApp();
    const rendered = linkRenders;
    fireEvent.click(screen.getByRole("link", { name: "Two" }));
    fireEvent.click(screen.getByTestId("home-link"));
    expect(screen.getByTestId("where").textContent).toBe("/");
    expect(linkRenders).toBe(rendered);
  });

  it("leaves a click with a modifier key, or another button, to the browser (a new tab or window)", () => {
    renderApp();
    const link = screen.getByRole("link", { name: "Two" });
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      // fireEvent returns false when the page called preventDefault: the browser's own handling is kept.
      expect(fireEvent.click(link, init)).toBe(true);
    }
    expect(screen.getByTestId("where").textContent).toBe("/");
  });

  it("replaces the entry when it leads where the listener already is, as React Router's links do", () => {
    renderApp();
    const before = window.history.length;
    fireEvent.click(screen.getByTestId("home-link"));
    expect(window.history.length).toBe(before);
    expect(screen.getByTestId("where").textContent).toBe("/");
  });
});

describe("navigating to a path", () => {
  it("goes to the path with its query, replacing the entry when asked", () => {
    renderApp();
    const before = window.history.length;
    fireEvent.click(screen.getByRole("button", { name: "Search for rain" }));
    expect(screen.getByTestId("where").textContent).toBe("/search?q=rain");
    expect(window.history.length).toBe(before);
  });
});
