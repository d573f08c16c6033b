import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test-utils/render";
import { LandingPage } from "./LandingPage";

describe("Landing page", () => {
  it("shows 'Redirecting to your music...' and navigates to /", async () => {
    // Rendered outside the route table, so it stays on screen while the address changes.
    const { location } = renderWithProviders(<LandingPage />, { route: "/landing" });
    expect(screen.getByText("Redirecting to your music...")).toBeTruthy();
    await waitFor(() => expect(location()).toBe("/"));
  });
});
