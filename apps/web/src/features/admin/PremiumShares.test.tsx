import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { PremiumShareMonthInputsDto } from "@purplebeats/contracts/schemas";
import { renderWithProviders } from "../../test-utils/render";
import { PremiumShares } from "./PremiumShares";

vi.setConfig({ testTimeout: 20_000 });

const inputs = (month: string, pool: string): PremiumShareMonthInputsDto => ({
  month,
  sharePercent: 50,
  revenue: "15.7",
  pool,
  members: 4,
  membersWithoutPlays: 1,
  credited: "4.1866665",
  keptByPlatform: "3.6633335",
  computedAt: "2026-12-01T00:30:00.000Z",
});

describe("the dashboard's Premium share section", () => {
  it("shows the newest month's inputs and artists, and another month when chosen", async () => {
    const month = vi.fn(({ month }: { month: string }) => ({
      inputs: inputs(month, month === "2026-11" ? "7.85" : "1.57"),
      artists:
        month === "2026-11"
          ? [
              {
                artistId: "x",
                name: "Band X",
                amount: "2.6166666",
                members: 2,
                qualifyingPlays: 5,
                credited: true,
              },
              {
                artistId: "z",
                name: "Band Z",
                amount: "2.0933333",
                members: 1,
                qualifyingPlays: 2,
                credited: false,
              },
            ]
          : [],
    }));
    renderWithProviders(<PremiumShares />, {
      fixtures: {
        artistAccounts: {
          premiumShareMonths: () => [inputs("2026-11", "7.85"), inputs("2026-10", "1.57")],
          premiumShareMonth: month,
        },
      },
    });
    const artists = await screen.findAllByTestId("premium-share-artist");
    expect(artists.map((a) => a.textContent)).toEqual([
      "Band X2.6166666 π · 2 members · 5 plays",
      "Band Z2.0933333 π · 1 members · 2 plays" + "No artist account: not credited",
    ]);
    const figures = screen.getByTestId("premium-share-inputs");
    expect(within(figures).getByText("Artists' share (50%)").nextSibling?.textContent).toBe("7.85 π");
    expect(within(figures).getByText("Kept by the platform").nextSibling?.textContent).toBe("3.6633335 π");

    await userEvent.selectOptions(screen.getByLabelText("Month"), "2026-10");
    expect(await within(screen.getByTestId("premium-share-inputs")).findByText("1.57 π")).toBeTruthy();
    expect(month.mock.calls.at(-1)![0]).toEqual({ month: "2026-10" });
  });

  it("says when no month has been split", async () => {
    renderWithProviders(<PremiumShares />, {
      fixtures: { artistAccounts: { premiumShareMonths: () => [] } },
    });
    expect(await screen.findByText("No month has been split yet")).toBeTruthy();
  });
});
