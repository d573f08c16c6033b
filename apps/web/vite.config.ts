/// <reference types="vitest/config" />
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The API owns these paths; in dev Vite forwards them so the browser sees one origin (cookies just work).
// In production the API serves the built app itself, so no proxy is involved.
const API_ORIGIN = process.env.PURPLEBEATS_API_ORIGIN ?? "http://localhost:3000";
const API_PATHS = ["/trpc", "/api", "/media", "/objects", "/pi-sdk.js", "/pi-sim"];
const proxy = Object.fromEntries(API_PATHS.map((path) => [path, { target: API_ORIGIN }]));

const testDefaults = { environment: "happy-dom", css: false } as const;

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: "dist",
    // Hashed file names (Vite's default) let the API cache /assets/* for good.
    assetsDir: "assets",
    sourcemap: true,
    target: "es2022",
  },
  test: {
    projects: [
      {
        extends: true,
        // Screens and shell: the player is a fake (src/test-utils/setup.ts), so these tests check what the
        // screens ask of the player, not how it plays audio.
        test: {
          ...testDefaults,
          name: "web",
          include: ["src/**/*.test.{ts,tsx}"],
          exclude: ["src/player/**"],
          setupFiles: ["./src/test-utils/setup.ts"],
        },
      },
      {
        extends: true,
        // The player module's own tests, against the real player.
        test: { ...testDefaults, name: "player", include: ["src/player/**/*.test.{ts,tsx}"] },
      },
    ],
  },
});
