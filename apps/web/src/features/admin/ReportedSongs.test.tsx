// The dashboard's reported songs: one entry per song with its count and reasons, and an admin's takedown
// (once confirmed in a dialog naming the song) or dismissal empties it from the queue.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ReportedSongDto } from "@purplebeats/contracts/schemas";
import serbian from "virtual:purplebeats-catalog/sr-Latn";
import { createI18n, LocaleProvider } from "../../i18n";
import { renderWithProviders } from "../../test-utils/render";
import { ReportedSongs } from "./ReportedSongs";

vi.setConfig({ testTimeout: 20_000 });

const entry = (songId: string, title: string, reasons: ReportedSongDto["reasons"]): ReportedSongDto => ({
  songId,
  title,
  artist: "Neon Tide",
  hidden: false,
  openReports: reasons.rights + reasons.abuse + reasons.other,
  reasons,
  reports: [
    {
      id: `${songId}-1`,
      reason: "rights",
      details: "My master recording",
      reporter: "label_rep",
      createdAt: "2026-12-01T10:00:00.000Z",
    },
  ],
  firstReportedAt: "2026-12-01T10:00:00.000Z",
});

describe("the dashboard's reported songs", () => {
  it("shows each song's reports by reason, and takes one down or dismisses another", async () => {
    let queue = [
      entry("s1", "Stolen Beat", { rights: 2, abuse: 1, other: 0 }),
      entry("s2", "Fine Tune", { rights: 1, abuse: 0, other: 0 }),
    ];
    const resolve = (songId: string, hidden: boolean) => {
      queue = queue.filter((one) => one.songId !== songId);
      return { songId, resolved: 1, hidden };
    };
    const takeDown = vi.fn(({ songId }: { songId: string }) => resolve(songId, true));
    const dismiss = vi.fn(({ songId }: { songId: string }) => resolve(songId, false));
    renderWithProviders(<ReportedSongs />, {
      fixtures: { songReports: { adminQueue: () => queue, takeDown, dismiss } },
    });

    const list = within(await screen.findByRole("list", { name: "Reported songs" }));
    const [stolen] = list.getAllByTestId("reported-song");
    expect(stolen!.textContent).toContain("3 reports");
    expect(stolen!.textContent).toContain("It infringes my rights or someone else's (copyright): 2");
    expect(stolen!.textContent).toContain("Abusive or offensive: 1");
    expect(stolen!.textContent).not.toContain("Something else");
    expect(stolen!.textContent).toContain("My master recording");
    expect(stolen!.textContent).toContain("label_rep");
    // A takedown asks first, naming the song: Cancel changes nothing, 'Take down' takes it down.
    await userEvent.click(within(stolen!).getByRole("button", { name: "Take down" }));
    let dialog = await screen.findByRole("dialog", { name: "Take this song down?" });
    expect(dialog.querySelector("strong")?.textContent).toBe("Stolen Beat");
    expect(dialog.textContent).toContain(
      "Stolen Beat by Neon Tide will disappear at once for every listener",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(takeDown).not.toHaveBeenCalled();
    expect(screen.getAllByTestId("reported-song")).toHaveLength(2);
    await userEvent.click(within(stolen!).getByRole("button", { name: "Take down" }));
    dialog = await screen.findByRole("dialog", { name: "Take this song down?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Take down" }));
    await waitFor(() => expect(takeDown).toHaveBeenCalledWith({ songId: "s1" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId("reported-song")).toHaveLength(1));

    await userEvent.click(
      within(screen.getByTestId("reported-song")).getByRole("button", { name: "Dismiss" }),
    );
    await waitFor(() => expect(dismiss).toHaveBeenCalledWith({ songId: "s2" }));
    expect(await screen.findByText("No open reports")).toBeTruthy();
  });

  it("asks in the admin's language", async () => {
    const takeDown = vi.fn(({ songId }: { songId: string }) => ({ songId, resolved: 1, hidden: true }));
    renderWithProviders(
      <LocaleProvider i18n={createI18n("sr-Latn", serbian)}>
        <ReportedSongs />
      </LocaleProvider>,
      {
        fixtures: {
          songReports: {
            adminQueue: () => [entry("s1", "Stolen Beat", { rights: 1, abuse: 0, other: 0 })],
            takeDown,
          },
        },
      },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Ukloni" }));
    const dialog = await screen.findByRole("dialog", { name: "Ukloniti ovu pesmu?" });
    expect(dialog.textContent).toContain("Stolen Beat (Neon Tide) odmah nestaje za sve slušaoce");
    expect(within(dialog).getByRole("button", { name: "Otkaži" })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Ukloni" }));
    await waitFor(() => expect(takeDown).toHaveBeenCalledWith({ songId: "s1" }));
  });
});
