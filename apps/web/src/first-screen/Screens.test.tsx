import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { useEffect } from "react";
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  type NavigateFunction,
} from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { ScreenLink } from "../ui/screen-link";
import { Screens } from "./Screens";

/** What each screen did: its parts' renders, its mounts and unmounts (its effects' set-up and clean-up). */
const log = { renders: [] as string[], mounts: [] as string[], unmounts: [] as string[] };

/** A part of a screen that does not read the router: it renders only when its screen renders anew. */
function Cover({ name }: { name: string }) {
  log.renders.push(`${name} cover`);
  return <p>Cover of {name}</p>;
}
const router: { navigate?: NavigateFunction } = {};

function Screen({ name }: { name: string }) {
  const location = useLocation();
  log.renders.push(`${name}${location.search}`);
  useEffect(() => {
    log.mounts.push(name);
    return () => void log.unmounts.push(name);
  }, [name]);
  return (
    <section>
      <h1>{name}</h1>
      <Cover name={name} />
      {/* A link to another screen, as screens have: the screen itself is what reads the router here. */}
      <ScreenLink to="/elsewhere">Elsewhere from {name}</ScreenLink>
    </section>
  );
}

function Navigator() {
  router.navigate = useNavigate();
  return null;
}

const NAMES: Record<string, string> = { "/": "Home", "/playlist": "Playlist" };

function renderAt(path: string) {
  log.renders = [];
  log.mounts = [];
  log.unmounts = [];
  render(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      <Routes>
        <Route element={<Screens nameAt={(pathname) => NAMES[pathname]} />}>
          <Route index element={<Screen name="Home" />} />
          <Route path="playlist" element={<Screen name="Playlist" />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

/** The screen's slot: the element the screen's own elements sit in. */
const slotOf = (heading: string) =>
  screen.getByRole("heading", { name: heading, hidden: true }).closest("[data-screen]")!;

afterEach(cleanup);

describe("Screens", () => {
  it("keeps the screen a navigation leaves, hidden and not rendered again, until after the next frame", async () => {
    renderAt("/");
    const homeRenders = log.renders.filter((r) => r === "Home cover").length;
    const coverOfHome = screen.getByText("Cover of Home");
    act(() => void router.navigate!("/playlist"));

    // In the navigation's own commit: the new screen shows, the old one is still there, hidden, its effects on.
    expect(screen.getByRole("heading", { name: "Playlist" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Home" })).toBeNull(); // hidden: out of the accessibility tree
    expect((slotOf("Home") as HTMLElement).style.display).toBe("none");
    expect((slotOf("Playlist") as HTMLElement).style.display).toBe("contents");
    // Not rendered anew (what reads the router is called, finds its location unchanged, and stops there).
    expect(log.renders.filter((r) => r === "Home cover")).toHaveLength(homeRenders);
    expect(screen.getByText("Cover of Home")).toBe(coverOfHome);
    expect(log.unmounts).toEqual([]);

    // After the frame: taken apart.
    await waitFor(() => expect(log.unmounts).toEqual(["Home"]));
    expect(screen.queryByRole("heading", { name: "Home", hidden: true })).toBeNull();
    expect(log.renders.filter((r) => r === "Home cover")).toHaveLength(homeRenders);
  });

  it("renders a move within one screen in that screen, with nothing kept", async () => {
    renderAt("/playlist?id=1");
    act(() => void router.navigate!("/playlist?id=2"));
    expect(log.renders).toContain("Playlist?id=2");
    expect(screen.getAllByRole("heading", { name: "Playlist", hidden: true })).toHaveLength(1);
    expect(log.mounts).toEqual(["Playlist"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(log.unmounts).toEqual([]);
  });

  it("takes out the screen left at once when the listener moves on again before it went", async () => {
    renderAt("/");
    act(() => void router.navigate!("/playlist"));
    act(() => void router.navigate!("/"));
    // Home is a new instance; the Home first left goes, the Playlist now left waits for its frame.
    expect(log.mounts).toEqual(["Home", "Playlist", "Home"]);
    expect(log.unmounts).toEqual(["Home"]);
    expect(screen.getByRole("heading", { name: "Home" })).toBeTruthy();
    await waitFor(() => expect(log.unmounts).toEqual(["Home", "Playlist"]));
    expect(screen.getAllByRole("heading", { hidden: true })).toHaveLength(1);
  });
});
