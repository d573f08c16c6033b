// A toast is said in the language the app is in when it shows, not the one it was in when its module loaded.
import vietnamese from "virtual:purplebeats-catalog/vi";
import english from "virtual:purplebeats-catalog/en";
import { afterEach, describe, expect, it } from "vitest";
import { activateBrowserI18n } from "../../i18n";
import { PAYMENT_TOASTS } from "./payment-flow";
import { SESSION_END_TOASTS } from "./session";
import { PI_USER } from "./test-fixtures";
import { premiumNowActiveToast } from "./unsettled-payment";
import { WALLET_TOASTS } from "./wallet";

describe("the account's toasts", () => {
  afterEach(() => void activateBrowserI18n("en", english));

  it("read in English, SPEC.md's words", () => {
    expect(PAYMENT_TOASTS.cancelled).toEqual({
      title: "Payment Cancelled",
      message: "You can try again anytime.",
    });
    expect(SESSION_END_TOASTS.loggedOut.title).toBe("Logged Out");
  });

  it("follow the listener into Vietnamese after the modules loaded", () => {
    activateBrowserI18n("vi", vietnamese);
    expect(PAYMENT_TOASTS.approvalFailed).toEqual({
      title: "Duyệt thanh toán thất bại",
      message: "Vui lòng thử lại hoặc liên hệ hỗ trợ.",
      variant: "destructive",
    });
    expect(WALLET_TOASTS.timeout.title).toBe("Hết thời gian kết nối");
    expect(WALLET_TOASTS.authenticated(PI_USER).message).toBe("Chào mừng, pioneer!");
    expect(SESSION_END_TOASTS.accountDeleted.title).toBe("Đã xóa tài khoản");
    expect(premiumNowActiveToast().title).toBe("Premium của bạn đã được kích hoạt");
  });
});
