// Test environment for the screens (vitest project "web").
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import "./i18n-setup";

// Screens talk to the player only through src/features/player's public hooks; here a fake records the calls.
vi.mock("../features/player", () => import("./fake-player"));

afterEach(() => {
  cleanup();
});
