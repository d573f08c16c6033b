// The listener's picture wherever it shows (the header's account entry, the profile, its menu): an uploaded
// photo is offered at the widths the server makes (/objects/<key>?w=<width>), for the size it is shown at.
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test-utils/render";
import { AccountAvatar } from "./AccountAvatar";
import { UserAvatar } from "./UserAvatar";

const UPLOAD = "/objects/5f0c2d3e-8b1a-4c6e-9f2a-1b2c3d4e5f60.jpg";
const SIZES = `${UPLOAD}?w=96 96w, ${UPLOAD}?w=192 192w, ${UPLOAD}?w=384 384w, ${UPLOAD}?w=768 768w`;

describe("a listener's picture", () => {
  it("in the header: the upload at the avatar's 40 px", () => {
    render(<AccountAvatar name="Mia Park" imageUrl={UPLOAD} />);
    const img = screen.getByAltText("Mia Park");
    expect(img.getAttribute("src")).toBe(UPLOAD);
    expect(img.getAttribute("srcset")).toBe(SIZES);
    expect(img.getAttribute("sizes")).toBe("40px");
  });

  it("in the header: another site's picture as it is, and the initials without one", () => {
    const { unmount } = render(<AccountAvatar name="Mia Park" imageUrl="https://example.com/me.png" />);
    expect(screen.getByAltText("Mia Park").getAttribute("srcset")).toBeNull();
    unmount();
    render(<AccountAvatar name="Mia Park" imageUrl={null} />);
    expect(screen.getByTestId("user-avatar").textContent).toBe("MP");
  });

  it("on the profile: the upload at the size it is drawn", () => {
    renderWithProviders(<UserAvatar name="Mia Park" imageUrl={UPLOAD} size={96} />);
    const img = screen.getByAltText("Mia Park");
    expect(img.getAttribute("srcset")).toBe(SIZES);
    expect(img.getAttribute("sizes")).toBe("96px");
  });
});
