import { act } from "@testing-library/react";
import { vi } from "vitest";

/**
 * The browser's idle callbacks held back, as on a phone busy with the first screen, until `idle()` runs
 * them (vi.unstubAllGlobals() restores the browser's own).
 */
export function holdIdleCallbacks(): { idle(): void } {
  const waiting: Array<() => void> = [];
  vi.stubGlobal("requestIdleCallback", (work: () => void) => waiting.push(work));
  vi.stubGlobal("cancelIdleCallback", () => undefined);
  return { idle: () => act(() => waiting.splice(0).forEach((work) => work())) };
}
