import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Toast from "../../lib/toast";
import { showToast } from "../../lib/toast";
import { renderWithProviders } from "../../test-utils/render";
import { trpcError } from "../../test-utils/trpc-fixtures";
import { PremiumFeatureDialog } from "./PremiumFeatureDialog";
import { PREMIUM_MESSAGES, usePremiumGate, type PremiumFeature } from "./premium-gate";
import { accountFixtures, PI_USER, premiumMembership } from "./test-fixtures";

vi.mock("../../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

const toasts = () => vi.mocked(showToast).mock.calls.map(([toast]) => toast);

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

function GateProbe({ feature, error }: { feature: PremiumFeature; error?: unknown }) {
  const gate = usePremiumGate();
  return (
    <div>
      <output data-testid="premium">{String(gate.isPremium)}</output>
      <button onClick={() => gate.requirePremium(feature)}>act</button>
      <output data-testid="handled">
        {error === undefined ? "" : String(gate.handlePremiumError(error, feature))}
      </output>
    </div>
  );
}

// Whole screens with lazy parts: allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe("premium gate", () => {
  it("has SPEC.md section 8's messages", () => {
    expect(PREMIUM_MESSAGES.likeSongs).toBe(
      "Liking songs is a premium feature. Upgrade to Premium for only 3.14π to unlock this and more features!",
    );
    expect(PREMIUM_MESSAGES.addSongsToPlaylists).toMatch(/^Adding songs to playlists is a premium feature\./);
    expect(PREMIUM_MESSAGES.likePlaylists).toMatch(/^Liking playlists is a premium feature\./);
    expect(PREMIUM_MESSAGES.manageLibrary).toMatch(/^Managing your library is a premium feature\./);
    expect(PREMIUM_MESSAGES.addPlaylistsToLibrary).toMatch(
      /^Adding playlists to library is a premium feature\./,
    );
    expect(PREMIUM_MESSAGES.addToPlaylists).toMatch(/^Adding to playlists is a premium feature\./);
  });

  it("has the player's messages for skipping and seeking (SPEC.md section 5)", () => {
    expect(PREMIUM_MESSAGES.skip).toBe(
      "Skipping songs is a premium feature. Upgrade to Premium for only 3.14π to unlock this and more features!",
    );
    expect(PREMIUM_MESSAGES.seek).toBe(
      "Seeking is a premium feature. Upgrade to Premium for only 3.14π to unlock this and more features!",
    );
  });

  it("stops a free listener with the 'Premium Feature' toast and its Upgrade action", async () => {
    renderWithProviders(<GateProbe feature="likeSongs" />);
    await userEvent.click(screen.getByRole("button", { name: "act" }));
    expect(toasts()).toEqual([
      { title: "Premium Feature", message: PREMIUM_MESSAGES.likeSongs, upgrade: true },
    ]);
  });

  it("lets a premium member through without a toast", async () => {
    renderWithProviders(<GateProbe feature="likePlaylists" />, {
      fixtures: accountFixtures({ user: PI_USER, membership: premiumMembership() }),
    });
    await waitFor(() => expect(screen.getByTestId("premium").textContent).toBe("true"));
    await userEvent.click(screen.getByRole("button", { name: "act" }));
    expect(toasts()).toEqual([]);
  });

  it("treats the server's 'Premium feature required' like the gate, and leaves other errors alone", () => {
    const refusal = trpcError(
      "FORBIDDEN",
      "Premium feature required. Upgrade to Premium (3.14 π) to unlock this.",
    );
    renderWithProviders(<GateProbe feature="manageLibrary" error={refusal} />);
    expect(screen.getByTestId("handled").textContent).toBe("true");
    expect(toasts()).toEqual([
      { title: "Premium Feature", message: PREMIUM_MESSAGES.manageLibrary, upgrade: true },
    ]);
  });

  it("does not treat another error as a premium refusal", () => {
    renderWithProviders(
      <GateProbe feature="manageLibrary" error={trpcError("NOT_FOUND", "Playlist not found")} />,
    );
    expect(screen.getByTestId("handled").textContent).toBe("false");
    expect(toasts()).toEqual([]);
  });
});

describe("PremiumFeatureDialog", () => {
  it("says 'Premium Feature'; 'Maybe Later' closes and 'Upgrade Now' goes to /premium", async () => {
    const onClose = vi.fn();
    const { location } = renderWithProviders(<PremiumFeatureDialog opened onClose={onClose} />);
    expect(await screen.findByText("Premium Feature")).toBeTruthy();
    expect(screen.getByText(/^Creating playlists is a premium feature\./)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Maybe Later" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole("button", { name: "Upgrade Now" }));
    expect(onClose).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(location()).toBe("/premium"));
  });

  it("is not shown while closed", () => {
    renderWithProviders(<PremiumFeatureDialog opened={false} onClose={() => undefined} />);
    expect(screen.queryByText("Premium Feature")).toBeNull();
  });
});
