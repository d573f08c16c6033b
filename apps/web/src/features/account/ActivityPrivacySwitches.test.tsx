// "Share my likes" and "Private session": each switch saves at once and shows what the server answered;
// a private session says until when, and the header shows it is on.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ActivitySettingsDto } from "@purplebeats/contracts/schemas";
import { renderWithProviders } from "../../test-utils/render";
import type { Fixtures } from "../../test-utils/trpc-fixtures";
import { accountFixtures, PI_USER } from "./test-fixtures";
import { PrivateSessionSwitch, ShareLikesSwitch } from "./ActivityPrivacySwitches";
import { PrivateSessionIndicator } from "./PrivateSessionIndicator";

vi.mock("../../first-screen/after-first-screen", () => ({
  afterFirstScreen: (start: () => void) => {
    start();
    return () => undefined;
  },
}));

const HOUR_MS = 3_600_000;

/** The settings as a server keeps them: each change answered with the new state. */
function settingsServer(initial: ActivitySettingsDto): Fixtures {
  let state = initial;
  const base = accountFixtures({ user: PI_USER });
  return {
    ...base,
    activity: {
      ...base.activity,
      settings: () => state,
      updateSettings: ({ shareLikes, privateSession }) => {
        state = {
          shareLikes: typeof shareLikes === "boolean" ? shareLikes : state.shareLikes,
          privateSessionUntil:
            privateSession === true
              ? new Date(Date.now() + 6 * HOUR_MS).toISOString()
              : privateSession === false
                ? null
                : state.privateSessionUntil,
        };
        return state;
      },
    },
  };
}

const switchNamed = (name: string) => screen.findByRole("switch", { name: new RegExp(name) });

beforeEach(() => localStorage.clear());

describe("the activity privacy switches", () => {
  it("shows the saved settings and saves 'Share my likes' when switched", async () => {
    const user = userEvent.setup();
    const { callsTo } = renderWithProviders(
      <>
        <ShareLikesSwitch />
        <PrivateSessionSwitch />
      </>,
      {
        fixtures: settingsServer({ shareLikes: true, privateSessionUntil: null }),
      },
    );
    const share = (await switchNamed("Share my likes")) as HTMLInputElement;
    await waitFor(() => expect(share.disabled).toBe(false));
    expect(share.checked).toBe(true);
    expect(((await switchNamed("Private session")) as HTMLInputElement).checked).toBe(false);

    await user.click(share);
    await waitFor(() => expect(callsTo("activity.updateSettings")[0]?.input).toEqual({ shareLikes: false }));
    await waitFor(() => expect(share.checked).toBe(false));
  });

  it("starts a 6-hour private session, says until when, and the header shows it; ending it hides the sign", async () => {
    const user = userEvent.setup();
    const { callsTo } = renderWithProviders(
      <>
        <PrivateSessionIndicator />
        <PrivateSessionSwitch />
      </>,
      { fixtures: settingsServer({ shareLikes: true, privateSessionUntil: null }) },
    );
    const session = (await switchNamed("Private session")) as HTMLInputElement;
    await waitFor(() => expect(session.disabled).toBe(false));
    expect(screen.getByText(/For 6 hours, what you play counts nowhere others can see/)).toBeTruthy();
    expect(screen.queryByTestId("private-session-indicator")).toBeNull();

    await user.click(session);
    await waitFor(() =>
      expect(callsTo("activity.updateSettings")[0]?.input).toEqual({ privateSession: true }),
    );
    expect((await screen.findByTestId("private-session-until")).textContent).toMatch(
      /^Private session on until \d{1,2}:\d{2} [AP]M$/,
    );
    const sign = await screen.findByTestId("private-session-indicator");
    expect(sign.getAttribute("aria-label")).toMatch(/^Private session on until/);
    expect(sign.getAttribute("href")).toBe("/settings");

    await user.click(session);
    await waitFor(() => expect(screen.queryByTestId("private-session-indicator")).toBeNull());
    expect(session.checked).toBe(false);
  });

  it("shows no sign for a session that has run out", async () => {
    renderWithProviders(<PrivateSessionIndicator />, {
      fixtures: settingsServer({
        shareLikes: true,
        privateSessionUntil: new Date(Date.now() - 60_000).toISOString(),
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("private-session-indicator")).toBeNull();
  });
});
