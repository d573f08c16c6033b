// Test environment for the screens (vitest project "web").
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import english from "virtual:purplebeats-catalog/en";
import { activateBrowserI18n } from "../i18n";

// Screens render in English, SPEC.md's strings, as a first visit with no other language does.
activateBrowserI18n("en", english);

// Screens talk to the player only through src/features/player's public hooks; here a fake records the calls.
vi.mock("../features/player", () => import("./fake-player"));

afterEach(() => {
  cleanup();
});
