// The screens outside the player in the listener's language: a playlist with its menus and dialogs in
// Vietnamese, the search page in Arabic, and an API refusal shown by its code in the listener's words.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import english from "virtual:purplebeats-catalog/en";
import vietnamese from "virtual:purplebeats-catalog/vi";
import arabic from "virtual:purplebeats-catalog/ar";
import type * as Toast from "../lib/toast";
import { showToast } from "../lib/toast";
import { page, playlistDetail, song, songs } from "../test-utils/catalog";
import { renderRoute } from "../test-utils/render";
import { trpcError, type Fixtures } from "../test-utils/trpc-fixtures";
import { resetListener } from "../features/library/test-account";
import { activateBrowserI18n } from "./i18n";

vi.mock("../features/account", async (importOriginal) =>
  (await import("../features/library/test-account")).mockAccount(importOriginal),
);
vi.mock("../lib/toast", async (importOriginal) => ({
  ...(await importOriginal<typeof Toast>()),
  showToast: vi.fn(),
}));

const toasts = () => vi.mocked(showToast).mock.calls.map(([toast]) => toast);
const roadMix = (isOwn: boolean) =>
  playlistDetail(7, songs(3), { id: "mix", name: "Road Mix", description: "For the car", isOwn });

function renderPlaylist(isOwn: boolean, fixtures: Fixtures = {}) {
  return renderRoute("/playlist/mix", {
    fixtures: {
      ...fixtures,
      playlists: { byId: () => roadMix(isOwn) },
      likedSongs: { check: () => ({ isLiked: false }) },
      myPlaylists: { list: () => page([]), ...fixtures.myPlaylists },
    },
  });
}

/** The owner's menu, then 'Delete playlist', in Vietnamese: the dialog it opens. */
async function openDeleteDialog() {
  await userEvent.click(await screen.findByRole("button", { name: "Tùy chọn cho Road Mix" }));
  const menu = within(await screen.findByRole("menu"));
  await userEvent.click(await menu.findByRole("menuitem", { name: "Xóa danh sách phát" }));
  return screen.findByRole("dialog", { name: "Xóa danh sách phát" });
}

beforeEach(() => {
  resetListener();
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  activateBrowserI18n("en", english);
});

describe("in Vietnamese", () => {
  beforeEach(() => {
    activateBrowserI18n("vi", vietnamese);
  });

  it("the playlist page, its rows and the owner's menu", async () => {
    renderPlaylist(true);
    expect(await screen.findByRole("button", { name: "Phát tất cả" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Phát ngẫu nhiên" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Quay lại Trang chủ" })).toBeTruthy();
    expect(screen.getByRole("list", { name: "Bài hát trong Road Mix" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Phát Song 1" })).toBeTruthy();

    await userEvent.click(await screen.findByRole("button", { name: "Tùy chọn cho Road Mix" }));
    const menu = within(await screen.findByRole("menu"));
    for (const item of ["Thêm ảnh", "Đổi tên", "Sửa mô tả", "Sắp xếp lại bài hát", "Xóa danh sách phát"])
      expect(await menu.findByRole("menuitem", { name: item })).toBeTruthy();
  });

  it("the delete dialog names the playlist where the sentence puts it, and its buttons", async () => {
    renderPlaylist(true);
    const dialog = await openDeleteDialog();
    expect(dialog.textContent).toContain(
      "Xóa Road Mix? Các bài hát vẫn còn trong kho nhạc; danh sách phát sẽ không thể khôi phục.",
    );
    expect(within(dialog).getByText("Road Mix").closest("strong")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Hủy" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Xóa" })).toBeTruthy();
  });

  it("the create dialog and its validation message", async () => {
    renderRoute("/library", { fixtures: { myPlaylists: { list: () => page([]) } } });
    await userEvent.click(await screen.findByRole("button", { name: "Danh sách phát mới" }));
    const dialog = await screen.findByRole("dialog", { name: "Tạo danh sách phát" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Tạo" }));
    expect(await within(dialog).findByText("Cần nhập tên danh sách phát")).toBeTruthy();
    expect(within(dialog).getByPlaceholderText("Danh sách phát của tôi")).toBeTruthy();
  });

  it("a refusal the API sent with a code reads in Vietnamese, its status kept", async () => {
    renderPlaylist(true, {
      myPlaylists: {
        delete: () => {
          throw trpcError("NOT_FOUND", "Playlist not found");
        },
      },
    });
    const dialog = await openDeleteDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: "Xóa" }));
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: "Lỗi",
        message: "404: Không tìm thấy danh sách phát",
        variant: "destructive",
      }),
    );
  });
});

describe("in Arabic", () => {
  beforeEach(() => {
    activateBrowserI18n("ar", arabic);
  });

  it("the search page: genres, results, and Latin titles isolated from the right-to-left line", async () => {
    const first = renderRoute("/search");
    expect(await screen.findByRole("heading", { name: "تصفح حسب النوع" })).toBeTruthy();
    first.unmount();

    renderRoute("/search?q=night", {
      fixtures: { songs: { search: () => page([song(1, { title: "Night Drive" })]) } },
    });
    expect(await screen.findByRole("heading", { name: 'نتائج البحث عن "night"' })).toBeTruthy();
    const title = await screen.findByText("Night Drive");
    expect(title.getAttribute("dir")).toBe("auto");
    expect(screen.getByRole("list", { name: "الأغاني المطابقة لـ night" })).toBeTruthy();
  });

  it("a failed read shows the API's coded message in Arabic, after its status", async () => {
    renderRoute("/search?q=night", {
      fixtures: {
        songs: {
          search: () => {
            throw trpcError("INTERNAL_SERVER_ERROR", "Something went wrong on our side. Please try again.");
          },
        },
      },
    });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("500: حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى.");
  });
});
