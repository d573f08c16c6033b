import { describe, expect, it } from "vitest";
import { quietPlaceholderAnimations } from "./quiet-placeholders";

/** An animation event from `target`, as the browser sends it when a CSS animation repeats. */
function pulse(target: Element): void {
  target.dispatchEvent(new Event("animationiteration", { bubbles: true }));
}

describe("placeholders' animation events", () => {
  it("stop before the app's root listener; other elements' animation events still reach it", () => {
    quietPlaceholderAnimations();
    const root = document.createElement("div");
    root.innerHTML = `<div class="mantine-Skeleton-root"></div><div data-placeholder></div><div class="toast"></div>`;
    document.body.append(root);
    const heard: string[] = [];
    root.addEventListener(
      "animationiteration",
      (event) => heard.push((event.target as Element).className),
      true,
    );

    pulse(root.querySelector(".mantine-Skeleton-root")!);
    pulse(root.querySelector("[data-placeholder]")!);
    pulse(root.querySelector(".toast")!);

    expect(heard).toEqual(["toast"]);
    root.remove();
  });
});
