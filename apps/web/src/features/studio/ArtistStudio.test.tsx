import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ArtistStatsDto, PayoutDto, PremiumShareDto } from "@purplebeats/contracts/schemas";
import { renderWithProviders } from "../../test-utils/render";
import { accountFixtures, PI_USER } from "../account/test-fixtures";
import { ArtistStudio } from "./ArtistStudio";

vi.setConfig({ testTimeout: 20_000 });

const ARTIST = { id: "artist-1", name: "Neon Tide", imageUrl: null, balance: "0.5" };

function stats(overrides: Partial<ArtistStatsDto> = {}): ArtistStatsDto {
  return {
    artistId: ARTIST.id,
    days: 28,
    totals: { plays: 1234, listeners: 56, followers: 7, newFollowers: 2 },
    daily: [{ day: "2026-12-07", plays: 3, listeners: 2, newFollowers: 1 }],
    topSongs: [{ id: "s1", title: "Harbor Lights", plays: 40, listeners: 12 }],
    languages: [{ language: "vi", listeners: 30 }],
    otherListeners: 2,
    earnings: { tips: "9", premiumShare: null, paidOut: "0", balance: "0.5" },
    payouts: { enabled: true, minimum: "1" },
    ...overrides,
  };
}

const piListener = (managed: (typeof ARTIST)[], extra: Record<string, unknown> = {}) => ({
  ...accountFixtures({ user: PI_USER }),
  artistAccounts: { mine: () => ({ requests: [], managed }) },
  artistStudio: {
    stats: () => stats(),
    payouts: () => [],
    releases: () => [],
    premiumShares: () => [],
    ...extra,
  },
});

describe("the artist studio", () => {
  it("tells a listener who runs no artist what the studio is and how to ask", async () => {
    renderWithProviders(<ArtistStudio />, { fixtures: piListener([]) });
    const card = await screen.findByTestId("studio-not-artist");
    expect(card.textContent).toContain("You don't run an artist yet");
    expect(within(card).getByRole("button", { name: "Become an artist" })).toBeTruthy();
  });

  it("shows the period's figures, top songs, listeners by place and earnings, naming no listener", async () => {
    renderWithProviders(<ArtistStudio />, { fixtures: piListener([ARTIST]) });
    expect((await screen.findByTestId("studio-plays")).textContent).toContain("1,234");
    expect(screen.getByTestId("studio-followers").textContent).toContain("+2 new");
    expect(screen.getByRole("list", { name: "Top songs" }).textContent).toContain("Harbor Lights40 plays");
    const places = screen.getByRole("list", { name: "Where your listeners are" });
    expect(places.textContent).toContain("Vietnam30 listeners");
    expect(places.textContent).toContain("Other2 listeners");
    expect(screen.getByTestId("studio-earnings").textContent).toContain("Calculated each month");
  });

  it("shows each month's premium share with what it was worked out from, naming no member", async () => {
    const inputs = {
      sharePercent: 50,
      revenue: "15.7",
      pool: "7.85",
      members: 4,
      membersWithoutPlays: 1,
      credited: "4.1866665",
      keptByPlatform: "3.6633335",
      computedAt: "2026-04-01T00:05:00.000Z",
    };
    const shares: PremiumShareDto[] = [
      {
        month: "2026-04",
        amount: "1.25",
        members: 1,
        qualifyingPlays: 3,
        credited: false,
        inputs: { ...inputs, month: "2026-04", members: 2, revenue: "6.28", pool: "3.14" },
      },
      {
        month: "2026-03",
        amount: "2.6166666",
        members: 2,
        qualifyingPlays: 5,
        credited: true,
        inputs: { ...inputs, month: "2026-03" },
      },
    ];
    const asked: string[] = [];
    renderWithProviders(<ArtistStudio />, {
      fixtures: piListener([ARTIST], {
        premiumShares: ({ artistId }: { artistId: string }) => {
          asked.push(artistId);
          return shares;
        },
      }),
    });
    const months = await screen.findAllByTestId("studio-premium-share");
    expect(asked).toEqual([ARTIST.id]);
    expect(months.map((month) => month.dataset.month)).toEqual(["2026-04", "2026-03"]);
    const march = months[1]!;
    expect(march.textContent).toContain("March 2026");
    expect(march.textContent).toContain("Premium members who played you2 of 4");
    expect(march.textContent).toContain("Their qualifying plays of your songs5");
    expect(march.textContent).toContain("Artists' pool: 50% of 15.7 π7.85 π");
    expect(march.textContent).toContain("Credited to your balance2.6166666 π");
    const april = months[0]!;
    expect(april.textContent).toContain("Credited to your balance0 π");
    expect(april.textContent).toContain("Your share of 1.25 π wasn't credited");
    expect(screen.getByTestId("studio-premium-shares").textContent).toContain(
      "Members are counted, never named",
    );
  });

  it("says when no month's premium share is worked out yet", async () => {
    renderWithProviders(<ArtistStudio />, { fixtures: piListener([ARTIST]) });
    expect(await screen.findByText(/No premium share yet/)).toBeTruthy();
  });

  it("keeps 'Request payout' off below the minimum and says why", async () => {
    renderWithProviders(<ArtistStudio />, { fixtures: piListener([ARTIST]) });
    const button = await screen.findByRole("button", { name: "Request payout" });
    expect(button.hasAttribute("disabled") || button.getAttribute("data-disabled") === "true").toBe(true);
    expect(screen.getByText("Your balance needs to reach 1 π before you can request a payout.")).toBeTruthy();
  });

  it("requests a payout and lists it with its state until it completes", async () => {
    let payouts: PayoutDto[] = [];
    const requestPayout = vi.fn(() => {
      payouts = [
        {
          id: "p1",
          artistId: ARTIST.id,
          amount: "12",
          status: "completed",
          paymentId: "pay-1",
          txid: "tx-1",
          createdAt: "2026-12-07T03:00:00.000Z",
        },
      ];
      return { ...payouts[0]!, status: "requested" as const };
    });
    renderWithProviders(<ArtistStudio />, {
      fixtures: piListener([{ ...ARTIST, balance: "12" }], {
        stats: () => stats({ earnings: { tips: "12", premiumShare: null, paidOut: "0", balance: "12" } }),
        payouts: () => payouts,
        requestPayout,
      }),
    });
    expect(await screen.findByText("No payouts yet")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Request payout" }));
    await waitFor(() =>
      expect(requestPayout).toHaveBeenCalledWith(expect.objectContaining({ artistId: ARTIST.id })),
    );
    const row = await screen.findByTestId("studio-payout");
    expect(row.textContent).toContain("12 π");
    expect(row.textContent).toContain("Completed");
  });

  it("lets a manager of several artists pick one", async () => {
    const second = { ...ARTIST, id: "artist-2", name: "Quiet Harbor" };
    const asked: string[] = [];
    renderWithProviders(<ArtistStudio />, {
      fixtures: piListener([ARTIST, second], {
        stats: ({ artistId }: { artistId: string }) => {
          asked.push(artistId);
          return stats({ artistId });
        },
      }),
    });
    const picker = await screen.findByRole("combobox", { name: "Artist" });
    await userEvent.selectOptions(picker, "artist-2");
    await waitFor(() => expect(asked).toContain("artist-2"));
  });
});
