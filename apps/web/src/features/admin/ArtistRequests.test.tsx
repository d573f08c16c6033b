import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AdminArtistRequestDto } from "@purplebeats/contracts/schemas";
import { renderWithProviders } from "../../test-utils/render";
import { ArtistRequests } from "./ArtistRequests";

vi.setConfig({ testTimeout: 20_000 });

const request = (id: string, overrides: Partial<AdminArtistRequestDto> = {}): AdminArtistRequestDto => ({
  id,
  kind: "new",
  name: `Band ${id}`,
  artistId: null,
  evidence: "https://band.example",
  status: "pending",
  createdAt: "2026-12-06T10:00:00.000Z",
  decidedAt: null,
  requester: { id: `user-${id}`, username: `singer_${id}` },
  ...overrides,
});

describe("the dashboard's Artist requests section", () => {
  it("lists waiting requests with their evidence and approves or refuses one", async () => {
    let waiting = [request("a"), request("b", { kind: "claim", artistId: "artist-b", evidence: "I am B" })];
    const decide = vi.fn(({ id, decision }: { id: string; decision: "approve" | "refuse" }) => {
      const decided = waiting.find((r) => r.id === id)!;
      waiting = waiting.filter((r) => r.id !== id);
      return { ...decided, status: decision === "approve" ? ("approved" as const) : ("refused" as const) };
    });
    renderWithProviders(<ArtistRequests />, {
      fixtures: { artistAccounts: { adminList: () => waiting, decide } },
    });
    const items = await screen.findAllByTestId("artist-request");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole("link", { name: "https://band.example" })).toBeTruthy();
    expect(items[1]!.textContent).toContain("Claim");
    expect(items[1]!.textContent).toContain("by singer_b");

    await userEvent.click(within(items[0]!).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.getAllByTestId("artist-request")).toHaveLength(1));
    expect(decide.mock.calls[0]![0]).toEqual({ id: "a", decision: "approve" });
    await userEvent.click(screen.getByRole("button", { name: "Refuse" }));
    expect(await screen.findByText("No artist requests waiting")).toBeTruthy();
    expect(decide.mock.calls.at(-1)![0]).toEqual({ id: "b", decision: "refuse" });
  });
});
