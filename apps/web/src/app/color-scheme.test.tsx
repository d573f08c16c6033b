// The page's HTML says its colour scheme (data-mantine-color-scheme="dark" on <html>: index.html and the
// server's render). Mantine's provider wrote that attribute again in hydration: first its manager's stored
// scheme ('light' when nothing is stored) in a layout effect, then the forced 'dark' in a passive effect
// after the frame. Each write restyles the whole document, and the frame between painted the page's text
// black on its dark background: a flicker on every first visit.
import { act } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test-utils/render";

const ATTRIBUTE = "data-mantine-color-scheme";

describe("the colour scheme", () => {
  afterEach(() => vi.restoreAllMocks());

  it("stays the page's own through the first render and its effects: nothing writes it again", async () => {
    document.documentElement.setAttribute(ATTRIBUTE, "dark");
    const setAttribute = vi.spyOn(document.documentElement, "setAttribute");
    renderWithProviders(<p>screen</p>);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const written = setAttribute.mock.calls.filter(([name]) => name === ATTRIBUTE).map(([, value]) => value);
    expect(written).toEqual([]);
    expect(document.documentElement.getAttribute(ATTRIBUTE)).toBe("dark");
  });
});
