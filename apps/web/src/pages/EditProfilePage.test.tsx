import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Toast from "../lib/toast";
import { showToast } from "../lib/toast";
import { accountFixtures, PI_USER, premiumMembership } from "../features/account/test-fixtures";
import { renderRoute } from "../test-utils/render";
import { pending, trpcError, type Fixtures } from "../test-utils/trpc-fixtures";

vi.mock("../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

const toasts = () => vi.mocked(showToast).mock.calls.map(([toast]) => toast);

const signedIn = (extra: Fixtures = {}): Fixtures => {
  const base = accountFixtures({ user: PI_USER, name: "Ada Lovelace" });
  return { ...base, ...extra, profile: { ...base.profile, ...extra.profile } };
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const nameInput = () => screen.findByLabelText("Display Name");
const image = (bytes: number, type = "image/png", name = "me.png") =>
  new File([new Uint8Array(bytes)], name, { type });

function choose(file: File) {
  const input = screen.getByTestId("avatar-input") as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

// Whole screens with lazy parts: allow for a busy machine.
vi.setConfig({ testTimeout: 20_000 });

// The screen is a lazy route: load its module up front so the first test does not wait for it.
beforeAll(async () => {
  await import("./EditProfilePage");
});

describe("Edit Profile", () => {
  it("has the way back, the picture, the name and the account's facts", async () => {
    renderRoute("/edit-profile", { fixtures: signedIn() });
    expect(((await nameInput()) as HTMLInputElement).value).toBe("Ada Lovelace");
    expect(screen.getByRole("link", { name: "Back to Profile" }).getAttribute("href")).toBe("/profile");
    expect(await screen.findByText("AL")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Change profile picture" })).toBeTruthy();
    expect(screen.getByTestId("account-user-id").textContent).toBe(PI_USER.uid);
    expect(screen.getByText("Free User")).toBeTruthy();
  });

  it("says 'Premium Member' for a premium member", async () => {
    renderRoute("/edit-profile", {
      fixtures: { ...signedIn(), membership: { get: () => premiumMembership() } },
    });
    expect(await screen.findByText("Premium Member")).toBeTruthy();
  });

  it("checks the name: 'Name is required', 'Name must be less than 50 characters'", async () => {
    const { callsTo } = renderRoute("/edit-profile", { fixtures: signedIn() });
    const input = await nameInput();
    await userEvent.clear(input);
    await userEvent.type(input, "   ");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(screen.getByText("Name is required")).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, "x".repeat(51));
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(screen.getByText("Name must be less than 50 characters")).toBeTruthy();
    expect(callsTo("profile.update")).toHaveLength(0);
  });

  it("saves: 'Saving...' while pending", async () => {
    renderRoute("/edit-profile", { fixtures: signedIn({ profile: { update: pending } }) });
    const input = await nameInput();
    await userEvent.clear(input);
    await userEvent.type(input, "Ada B");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByRole("button", { name: "Saving..." })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel" }).hasAttribute("disabled")).toBe(true);
  });

  it("saves the trimmed name, says 'Profile Updated' and returns to the profile", async () => {
    const { callsTo, location } = renderRoute("/edit-profile", {
      fixtures: signedIn({
        profile: {
          update: ({ userId, name }) => ({
            userId,
            name,
            handle: "ada",
            isPrivate: false,
            nickname: null,
            imageUrl: null,
            language: null,
          }),
        },
      }),
    });
    const input = await nameInput();
    await userEvent.clear(input);
    await userEvent.type(input, "  Ada B  ");
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(location()).toBe("/profile"));
    expect(callsTo("profile.update")[0]?.input).toEqual({ userId: PI_USER.uid, name: "Ada B" });
    expect(toasts()).toContainEqual(expect.objectContaining({ title: "Profile Updated" }));
  });

  it.each([
    [
      "the server's message",
      () => trpcError("BAD_REQUEST", "Name must be less than 50 characters"),
      "Name must be less than 50 characters",
    ],
    ["the fallback", () => trpcError("BAD_REQUEST", ""), "Failed to update profile. Please try again."],
    [
      "the fallback when no response came (offline)",
      () => new TypeError("Failed to fetch"),
      "Failed to update profile. Please try again.",
    ],
  ])("a failed save says 'Update Failed' with %s", async (_label, failure, shown) => {
    renderRoute("/edit-profile", {
      fixtures: signedIn({
        profile: {
          update: () => {
            throw failure();
          },
        },
      }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({ title: "Update Failed", message: shown, variant: "destructive" }),
    );
  });

  it("Cancel goes back to the profile", async () => {
    const { location } = renderRoute("/edit-profile", { fixtures: signedIn() });
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(location()).toBe("/profile");
  });

  describe("the picture", () => {
    it("refuses a file over 5 MB: 'File too large' / 'File size must be less than 5 MB'", async () => {
      const { callsTo } = renderRoute("/edit-profile", { fixtures: signedIn() });
      await nameInput();
      choose(image(5 * 1024 * 1024 + 1));
      await waitFor(() =>
        expect(toasts()).toContainEqual({
          title: "File too large",
          message: "File size must be less than 5 MB",
          variant: "destructive",
        }),
      );
      expect(callsTo("uploads.grant")).toHaveLength(0);
    });

    it("refuses a file that is not an image", async () => {
      const { callsTo } = renderRoute("/edit-profile", { fixtures: signedIn() });
      await nameInput();
      choose(image(10, "application/pdf", "cv.pdf"));
      await waitFor(() =>
        expect(toasts()).toContainEqual(
          expect.objectContaining({ title: "Upload Failed", message: "Please choose an image file." }),
        ),
      );
      expect(callsTo("uploads.grant")).toHaveLength(0);
    });

    it("uploads to the granted URL, points the profile at it and says 'Avatar Updated'", async () => {
      let finishPut: (response: Response) => void = () => undefined;
      const fetchMock = vi.fn(
        (_url: string, _init?: RequestInit) => new Promise<Response>((resolve) => (finishPut = resolve)),
      );
      vi.stubGlobal("fetch", fetchMock);
      const { callsTo } = renderRoute("/edit-profile", {
        fixtures: signedIn({
          uploads: { grant: () => ({ uploadURL: "http://app.test/api/objects/upload/token-1" }) },
          profile: {
            updateAvatar: ({ userId, avatarURL }) => ({
              userId,
              name: "Ada",
              handle: "ada",
              isPrivate: false,
              nickname: null,
              imageUrl: avatarURL,
              language: null,
            }),
          },
        }),
      });
      await nameInput();
      const file = image(1024);
      choose(file);
      expect(await screen.findByText("Uploading profile picture...")).toBeTruthy();
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      const [url, init] = fetchMock.mock.calls[0]!;
      expect(url).toBe("http://app.test/api/objects/upload/token-1");
      expect(init).toMatchObject({
        method: "PUT",
        body: file,
        credentials: "include",
        headers: { "content-type": "image/png", "x-purplebeats-client": "1" },
      });
      finishPut(new Response(JSON.stringify({ objectPath: "/objects/abc.png" }), { status: 200 }));
      await waitFor(() =>
        expect(toasts()).toContainEqual(expect.objectContaining({ title: "Avatar Updated" })),
      );
      expect(callsTo("profile.updateAvatar")[0]?.input).toEqual({
        userId: PI_USER.uid,
        avatarURL: "/objects/abc.png",
      });
      await waitFor(() => expect(screen.queryByText("Uploading profile picture...")).toBeNull());
    });

    it("a failed upload says 'Upload Failed' / 'Failed to upload file. Please try again.'", async () => {
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      vi.stubGlobal(
        "fetch",
        vi.fn(() => Promise.resolve(new Response("This upload URL has expired", { status: 410 }))),
      );
      const { callsTo } = renderRoute("/edit-profile", {
        fixtures: signedIn({ uploads: { grant: () => ({ uploadURL: "/api/objects/upload/t" }) } }),
      });
      await nameInput();
      choose(image(100));
      await waitFor(() =>
        expect(toasts()).toContainEqual({
          title: "Upload Failed",
          message: "Failed to upload file. Please try again.",
          variant: "destructive",
        }),
      );
      expect(callsTo("profile.updateAvatar")).toHaveLength(0);
    });

    it("a refused profile change says 'Failed to update your profile picture. Please try again.'", async () => {
      vi.spyOn(console, "error").mockImplementation(() => undefined);
      vi.stubGlobal(
        "fetch",
        vi.fn(() =>
          Promise.resolve(new Response(JSON.stringify({ objectPath: "/objects/x.png" }), { status: 200 })),
        ),
      );
      renderRoute("/edit-profile", {
        fixtures: signedIn({
          uploads: { grant: () => ({ uploadURL: "/api/objects/upload/t" }) },
          profile: {
            updateAvatar: () => {
              throw trpcError("BAD_REQUEST", "avatarURL must be an image you uploaded");
            },
          },
        }),
      });
      await nameInput();
      choose(image(100));
      await waitFor(() =>
        expect(toasts()).toContainEqual({
          title: "Upload Failed",
          message: "Failed to update your profile picture. Please try again.",
          variant: "destructive",
        }),
      );
    });
  });
});
