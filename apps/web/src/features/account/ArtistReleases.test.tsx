import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { UpdateReleaseInput } from "@purplebeats/contracts/schemas";
import { renderWithProviders } from "../../test-utils/render";
import ArtistReleases from "./ArtistReleases";
import { releaseDto } from "./test-fixtures";

vi.setConfig({ testTimeout: 20_000 });

const release = releaseDto;

describe("an artist's releases on the Account screen", () => {
  it("shows each release's status and the admin's reason, edits its facts and takes it down once confirmed", async () => {
    let all = [release("a"), release("b", { status: "refused", reason: "The cover is blurry" })];
    const update = vi.fn(({ id, ...changes }: UpdateReleaseInput) => {
      all = all.map((r) => (r.id === id ? { ...r, ...changes } : r));
      return all.find((r) => r.id === id)!;
    });
    const takeDown = vi.fn(({ id }: { id: string }) => {
      all = all.map((r) =>
        r.id === id ? { ...r, status: "taken_down" as const, takenDownBy: "artist" as const } : r,
      );
      return all.find((r) => r.id === id)!;
    });
    renderWithProviders(<ArtistReleases artist={{ id: "artist-1", name: "Neon Tide" }} />, {
      fixtures: { artistStudio: { releases: () => all, updateRelease: update, takeDownRelease: takeDown } },
    });
    const items = await screen.findAllByTestId("artist-release");
    expect(items[0]!.textContent).toContain("Live");
    expect(items[0]!.textContent).toContain("Single · 2026-12-01");
    expect(items[1]!.textContent).toContain("Refused");
    expect(items[1]!.textContent).toContain("Reason: The cover is blurry");
    // A refused release has nothing to edit or take down.
    expect(within(items[1]!).queryByRole("button", { name: "Edit" })).toBeNull();

    await userEvent.click(within(items[0]!).getByRole("button", { name: "Edit" }));
    const title = within(items[0]!).getByRole("textbox", { name: "Title" });
    await userEvent.clear(title);
    await userEvent.type(title, "Song a (Remastered)");
    await userEvent.click(within(items[0]!).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![0]).toMatchObject({
      id: "a",
      title: "Song a (Remastered)",
      membersOnly: false,
    });
    expect(await screen.findByText("Song a (Remastered)")).toBeTruthy();

    const first = screen.getAllByTestId("artist-release")[0]!;
    await userEvent.click(within(first).getByRole("button", { name: "Take down" }));
    expect(takeDown).not.toHaveBeenCalled();
    await userEvent.click(within(first).getByRole("button", { name: "Yes, take it down" }));
    await waitFor(() =>
      expect(screen.getAllByTestId("artist-release")[0]!.textContent).toContain("Taken down"),
    );
    expect(takeDown).toHaveBeenCalledWith(expect.objectContaining({ id: "a" }));
  });
});
