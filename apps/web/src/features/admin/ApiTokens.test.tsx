// The dashboard's 'API tokens' section: a new token is shown once, tokens are listed and revoked.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AdminTokenDto } from "@purplebeats/contracts/schemas";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { asAdmin } from "./test-admin";
import { renderRoute } from "../../test-utils/render";
import { trpcError } from "../../test-utils/trpc-fixtures";

const SHOWN_ONCE = "Copy it now: it is shown only this once.";

const LAPTOP: AdminTokenDto = {
  id: "7d0c8a3e-3f5e-4a8e-9a55-0c1f3f1c2b10",
  name: "laptop CLI",
  scope: "read",
  userId: "admin-uid",
  createdAt: "2026-11-24T07:00:00.000Z",
  lastUsedAt: null,
};
const TOKEN = `pb_admin_${"x".repeat(43)}`;

vi.setConfig({ testTimeout: 20_000 });
beforeAll(async () => {
  await import("../../pages/AdminPage");
});

describe("Admin dashboard: API tokens", () => {
  it("creates a manage token and shows it once; the list never holds the token", async () => {
    const user = userEvent.setup();
    let list: AdminTokenDto[] = [];
    const { callsTo } = renderRoute("/admin", {
      fixtures: asAdmin({
        apiTokens: () => list,
        createApiToken: (input) => {
          const made = { ...LAPTOP, id: "9a1e1f4e-1c55-4c47-8f1a-4d3c9d1f7e21", ...input };
          list = [made, ...list];
          return { ...made, token: TOKEN };
        },
      }),
    });
    expect(await screen.findByText("No API tokens.")).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: "What is it for?" }), "deploy box");
    await user.click(screen.getByRole("radio", { name: "Manage" }));
    await user.click(screen.getByRole("button", { name: "Create token" }));
    await waitFor(() =>
      expect(callsTo("admin.createApiToken")[0]?.input).toEqual({ name: "deploy box", scope: "manage" }),
    );
    const shown = await screen.findByTestId("new-api-token");
    expect(within(shown).getByText(SHOWN_ONCE)).toBeTruthy();
    expect(within(shown).getByText(TOKEN)).toBeTruthy();
    const row = await screen.findByTestId("api-token");
    expect(within(row).getByText("deploy box")).toBeTruthy();
    expect(within(row).getByText(/manage · made .* · last used never/)).toBeTruthy();
    expect(within(row).queryByText(TOKEN)).toBeNull();
  });

  it("revokes a token, and says why when the server refuses a new one", async () => {
    const user = userEvent.setup();
    const { callsTo } = renderRoute("/admin", {
      fixtures: asAdmin({
        apiTokens: () => [LAPTOP],
        revokeApiToken: () => ({ revoked: true }),
        createApiToken: () => {
          throw trpcError("BAD_REQUEST", "name: name is required (what the token is for, e.g. 'laptop CLI')");
        },
      }),
    });
    const row = await screen.findByTestId("api-token");
    await user.click(within(row).getByRole("button", { name: "Revoke laptop CLI" }));
    await waitFor(() => expect(callsTo("admin.revokeApiToken")[0]?.input).toEqual({ id: LAPTOP.id }));
    await user.click(screen.getByRole("button", { name: "Create token" }));
    expect((await screen.findByRole("alert")).textContent).toContain("name is required");
  });
});
