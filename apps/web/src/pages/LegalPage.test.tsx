import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../test-utils/render";
import { trpcError } from "../test-utils/trpc-fixtures";

const TERMS = "Listen for **yourself** only.\n\n- One\n- Two\n\n[Contact](https://example.org/contact)";
const PRIVACY = 'We keep your plays.\n\n<img src="x" onerror="alert(1)"><script>alert(2)</script>';

describe("/legal", () => {
  it("shows the operator's terms and privacy notice from Markdown, raw HTML left out", async () => {
    const { container } = renderRoute("/legal", {
      fixtures: { legal: { documents: () => ({ terms: TERMS, privacy: PRIVACY }) } },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Legal Notice" })).toBeTruthy();
    const terms = await screen.findByRole("region", { name: "Terms of Use" });
    expect(within(terms).getByText("yourself").tagName).toBe("STRONG");
    expect(
      within(terms)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["One", "Two"]);
    expect(within(terms).getByRole("link", { name: "Contact" }).getAttribute("href")).toBe(
      "https://example.org/contact",
    );
    const privacy = screen.getByRole("region", { name: "Privacy Notice" });
    expect(within(privacy).getByText("We keep your plays.")).toBeTruthy();
    expect(container.querySelector("script, img[onerror]")).toBeNull();
  });

  it("says a failed read and offers a retry", async () => {
    renderRoute("/legal", {
      fixtures: {
        legal: {
          documents: () => {
            throw trpcError("INTERNAL_SERVER_ERROR", "boom");
          },
        },
      },
    });
    expect(await screen.findByRole("button", { name: /retry|try again/i })).toBeTruthy();
  });
});
