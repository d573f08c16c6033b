// The player in the listener's language: its buttons, labels and times come from the catalogs (Vietnamese and
// Arabic here), song names keep their own direction inside right-to-left text, and in Arabic the mini player's
// swipes mirror with its layout.
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import english from "virtual:purplebeats-catalog/en";
import vietnamese from "virtual:purplebeats-catalog/vi";
import arabic from "virtual:purplebeats-catalog/ar";
import { activateBrowserI18n, createI18n } from "../../i18n";
import { useIsPremium } from "../account/membership";
import { showToast } from "../../lib/toast";
import type * as ToastModule from "../../lib/toast";
import { formatClock } from "./parts";
import { SKIP_PASS_TOASTS, watchAdLabel } from "./skip-pass";
import { currentPlayer, MiniPlayerHarness, renderWithPlayer, song } from "./test-utils";

vi.mock("../account/membership", () => ({ useIsPremium: vi.fn(() => false) }));
vi.mock("../../lib/toast", async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  return { ...actual, showToast: vi.fn(actual.showToast) };
});

const player = currentPlayer;
/** Lazy chunks load slowly on a busy machine. */
const slow = { timeout: 5000 };
const queue = [
  song(1, {
    title: "Violet Hour",
    duration: 185,
    artist: { id: "r1", name: "Nova" },
    album: { id: "al1", title: "Night Drive", imageUrl: "/media/covers/night-drive.jpg" },
  }),
  song(2, { artist: null }),
  song(3),
];

function renderIn(locale: "vi" | "ar", index = 0) {
  const i18n = locale === "vi" ? createI18n("vi", vietnamese) : createI18n("ar", arabic);
  const result = renderWithPlayer(<MiniPlayerHarness />, { i18n });
  act(() => player().play(queue[index]!, queue));
  return result;
}

const button = (name: string, inside: HTMLElement = document.body) =>
  within(inside).getByRole("button", { name });

beforeEach(() => {
  localStorage.clear();
  vi.mocked(useIsPremium).mockReturnValue(false);
  vi.mocked(showToast).mockClear();
});
afterEach(() => {
  cleanup();
  activateBrowserI18n("en", english);
});

describe("the player's times, in the listener's digits (Intl)", () => {
  it("keep m:ss and the rows' rounding, with the digits the language writes", () => {
    expect(formatClock(185, "en")).toBe("3:05");
    expect(formatClock(3725.9, "vi")).toBe("62:05");
    expect(formatClock(Number.NaN, "ko")).toBe("0:00");
    // Egyptian Arabic writes Arabic-Indic digits: the figures come from Intl, not from String().
    expect(formatClock(185, "ar-EG")).toBe("\u0663:\u0660\u0665");
  });
});

describe("the player in Vietnamese", () => {
  it("names the mini player's controls in Vietnamese, none in English", () => {
    renderIn("vi");
    const region = screen.getByRole("region", { name: "Trình phát thu nhỏ" });
    for (const name of [
      "Mở màn hình Đang phát",
      "Bài trước",
      "Tạm dừng",
      "Bài tiếp theo",
      "Hiện danh sách chờ",
      "Tắt tiếng",
      "Đóng trình phát",
    ]) {
      expect(button(name, region)).toBeTruthy();
    }
    expect(within(region).getByRole("slider", { name: "Vị trí phát" })).toBeTruthy();
    expect(within(region).queryByRole("button", { name: "Pause" })).toBeNull();
    fireEvent.click(button("Tạm dừng", region));
    expect(button("Phát", region)).toBeTruthy();
    expect(within(region).getByText("3:05")).toBeTruthy();
  });

  it("Now Playing, its sleep timer and its queue speak Vietnamese", async () => {
    renderIn("vi");
    fireEvent.click(button("Mở màn hình Đang phát"));
    const view = await screen.findByRole("dialog", { name: "Đang phát" }, slow);
    for (const name of [
      "Đóng màn hình Đang phát",
      "Chia sẻ Violet Hour",
      "Phát ngẫu nhiên",
      "Lặp lại: tắt",
    ]) {
      expect(button(name, view)).toBeTruthy();
    }
    expect(within(view).getByRole("slider", { name: "Âm lượng" })).toBeTruthy();
    expect(within(view).getByAltText("Ảnh bìa album Night Drive")).toBeTruthy();
    expect(within(view).getByTestId("now-playing-cover-caption").textContent).toBe(
      "Ảnh bìa album: Night Drive",
    );
    expect(within(view).getByLabelText("Còn lại").textContent).toBe("-3:05");

    fireEvent.click(button("Lặp lại: tắt", view));
    expect(button("Lặp lại: tất cả", view).getAttribute("title")).toBe(
      "Lặp lại: tất cả (nhấn để chuyển sang một bài)",
    );

    fireEvent.click(button("Hẹn giờ tắt", view));
    expect(await screen.findByRole("menuitem", { name: "15 phút" })).toBeTruthy();
    fireEvent.click(screen.getByRole("menuitem", { name: "Hết bài hát" }));
    expect(button("Hẹn giờ tắt: hết bài", view)).toBeTruthy();

    const section = within(view).getByRole("region", { name: "Phần danh sách chờ" });
    expect(within(section).getByRole("heading", { name: "Danh sách chờ" })).toBeTruthy();
    expect(button("Xóa Song 3 khỏi danh sách chờ", section)).toBeTruthy();
    expect(button("Sắp xếp lại Song 2 (dùng phím mũi tên để di chuyển)", section)).toBeTruthy();
    expect(within(section).getByText("Đang phát")).toBeTruthy();
    expect(within(section).getByText(/^Nghệ sĩ không xác định • 3:00$/)).toBeTruthy();
    expect(within(section).getByTestId("queue-summary").textContent).toBe(
      "Tiếp theo trong danh sách chờ: 2 · Tiếp theo từ tự động phát: 0",
    );
    fireEvent.click(button("Xóa", section));
    expect(player().state.queue).toHaveLength(1);
  });

  it("the queue drawer and its empty state too", async () => {
    renderIn("vi");
    fireEvent.click(button("Hiện danh sách chờ"));
    const list = await screen.findByRole("list", { name: "Danh sách chờ" }, slow);
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(button("Đóng danh sách chờ")).toBeTruthy();
    expect(within(list).getByRole("button", { name: /^Phát Song 3 / })).toBeTruthy();
  });

  it("the skip limit's toasts are in the browser's language", () => {
    activateBrowserI18n("vi", vietnamese);
    expect(SKIP_PASS_TOASTS.unlocked).toEqual({
      title: "Đã mở khóa chuyển bài",
      message: "Chuyển bài thoải mái trong 30 phút tới.",
    });
    expect(SKIP_PASS_TOASTS.notRewarded.title).toBe("Không nhận được phần thưởng");
    expect(SKIP_PASS_TOASTS.refused(new Error("boom")).title).toBe("Lỗi");
    expect(watchAdLabel()).toBe("Xem quảng cáo: 30 phút chuyển bài");
  });
});

describe("the player in Arabic (right to left)", () => {
  it("names its controls in Arabic; the song's lines take the name's own direction (dir=auto)", () => {
    renderIn("ar");
    const region = screen.getByRole("region", { name: "المشغّل المصغّر" });
    for (const name of [
      "الأغنية السابقة",
      "إيقاف مؤقت",
      "الأغنية التالية",
      "عرض قائمة الانتظار",
      "إغلاق المشغّل",
    ]) {
      expect(button(name, region)).toBeTruthy();
    }
    expect(screen.getByTestId("mini-player-title").getAttribute("dir")).toBe("auto");
    expect(within(region).getByText("Nova").closest("p")?.getAttribute("dir")).toBe("auto");
    act(() => player().play(queue[1]!, queue));
    expect(within(region).getByText("فنان غير معروف")).toBeTruthy();
  });

  it("Now Playing: the title and artist in their own direction, the caption's album isolated", async () => {
    renderIn("ar");
    fireEvent.click(button("فتح شاشة قيد التشغيل الآن"));
    const view = await screen.findByRole("dialog", { name: "قيد التشغيل الآن" }, slow);
    expect(within(view).getByTestId("now-playing-title").getAttribute("dir")).toBe("auto");
    expect(within(view).getByRole("link", { name: "Nova" }).parentElement?.getAttribute("dir")).toBe("auto");
    const row = within(view).getAllByTestId("queue-entry")[0]!;
    expect(
      within(row)
        .getByText(/^Nova •/)
        .getAttribute("dir"),
    ).toBe("auto");
    expect(within(row).getByText("Violet Hour").getAttribute("dir")).toBe("auto");
    const caption = within(view).getByTestId("now-playing-cover-caption");
    expect(caption.textContent).toBe("غلاف الألبوم: Night Drive");
    expect(caption.querySelector("bdi")?.textContent).toBe("Night Drive");
    expect(within(view).getByRole("region", { name: "قسم قائمة الانتظار" })).toBeTruthy();
    expect(button("مسح", view)).toBeTruthy();
  });

  describe("swipes follow the mirrored player: toward the right is the next song", () => {
    const swipe = (dx: number) => {
      const region = screen.getByRole("region", { name: "المشغّل المصغّر" });
      const at = (x: number) => ({ pointerId: 1, clientX: x, clientY: 400, button: 0, pointerType: "touch" });
      fireEvent.pointerDown(region, at(200));
      fireEvent.pointerMove(region, at(200 + dx));
      fireEvent.pointerUp(region, at(200 + dx));
    };
    const playing = () => player().state.currentSong?.id;

    it("a right swipe over 80 px plays the next song, a left one the previous", () => {
      vi.mocked(useIsPremium).mockReturnValue(true);
      renderIn("ar", 1);
      swipe(81);
      expect(playing()).toBe(queue[2]!.id);
      swipe(-81);
      expect(playing()).toBe(queue[1]!.id);
      swipe(80); // SPEC.md's 80 px threshold holds
      expect(playing()).toBe(queue[1]!.id);
    });
  });
});
