import { describe, expect, it, vi } from "vitest";
import type { ToastOptions } from "../../lib/toast";
import { AVATAR_TOASTS, uploadAvatar, type AvatarUploadDeps } from "./avatar-upload";

const png = (bytes = 10) => new File([new Uint8Array(bytes)], "me.png", { type: "image/png" });

function deps(overrides: Partial<AvatarUploadDeps> = {}) {
  const toasts: ToastOptions[] = [];
  const calls = {
    grant: vi.fn(async () => ({ uploadURL: "/api/objects/upload/token" })),
    put: vi.fn(async () => "/objects/new.png"),
    updateAvatar: vi.fn(async () => undefined),
  };
  return { toasts, calls, deps: { ...calls, toast: (t: ToastOptions) => toasts.push(t), ...overrides } };
}

describe("uploadAvatar", () => {
  it("uploads the file to the granted URL and points the profile at the stored object", async () => {
    const { toasts, calls, deps: d } = deps();
    const file = png();
    await expect(uploadAvatar(file, d)).resolves.toBe(true);
    expect(calls.put).toHaveBeenCalledWith("/api/objects/upload/token", file);
    expect(calls.updateAvatar).toHaveBeenCalledWith("/objects/new.png");
    expect(toasts).toEqual([AVATAR_TOASTS.updated]);
  });

  it("refuses a file that is not an image, and one over 5 MB, before asking for an upload URL", async () => {
    const { toasts, calls, deps: d } = deps();
    await expect(uploadAvatar(new File(["x"], "a.txt", { type: "text/plain" }), d)).resolves.toBe(false);
    await expect(uploadAvatar(png(5 * 1024 * 1024 + 1), d)).resolves.toBe(false);
    expect(calls.grant).not.toHaveBeenCalled();
    expect(toasts).toEqual([
      { title: "Upload Failed", message: "Please choose an image file.", variant: "destructive" },
      { title: "File too large", message: "File size must be less than 5 MB", variant: "destructive" },
    ]);
  });

  it("says the upload failed when the PUT fails, and leaves the profile alone", async () => {
    const {
      toasts,
      calls,
      deps: d,
    } = deps({
      put: async () => {
        throw new Error("403");
      },
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(uploadAvatar(png(), d)).resolves.toBe(false);
    expect(calls.updateAvatar).not.toHaveBeenCalled();
    expect(toasts).toEqual([AVATAR_TOASTS.uploadFailed]);
  });

  it("says the profile could not be updated when the server refuses the new picture", async () => {
    const { toasts, deps: d } = deps({
      updateAvatar: async () => {
        throw new Error("415");
      },
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(uploadAvatar(png(), d)).resolves.toBe(false);
    expect(toasts).toEqual([AVATAR_TOASTS.updateFailed]);
  });
});
