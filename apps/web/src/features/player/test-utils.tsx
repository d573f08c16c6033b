// Test helpers of the player module: a fake audio element, the screens' tRPC fixtures behind a real client,
// songs, and a render wrapper (Mantine + TanStack Query + tRPC + PlayerProvider).
import type { I18n } from "@lingui/core";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { SongDto } from "@purplebeats/contracts/schemas";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderOptions } from "@testing-library/react";
import { lazy, Profiler, type ProfilerOnRenderCallback, type ReactElement, type ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { LocaleProvider } from "../../i18n";
import { trpc } from "../../lib/trpc";
import { page, song as catalogSong } from "../../test-utils/catalog";
import { fixtureLink, mergeFixtures, type Fixtures } from "../../test-utils/trpc-fixtures";
import type { AudioLike } from "./audio-engine";
import { MiniPlayer } from "./MiniPlayer";
import { PlayerProvider, usePlayer } from "./PlayerProvider";
import type { PlayableSong, PlayerApi } from "./types";
import { loadLikeSongButton, loadSaveQueueButton } from "../library/lazy";
import { SongMenu } from "../library/LazyMenus";
import type { NowPlayingParts } from "./now-playing-parts";
import { audioEngineChunk } from "./useAudioEngine";

/** As the app gives them (src/app/App.tsx). */
const NOW_PLAYING_PARTS: NowPlayingParts = {
  LikeSongButton: lazy(loadLikeSongButton),
  SaveQueueButton: lazy(loadSaveQueueButton),
  SongMenu,
};
export { song } from "./test-songs";

// The engine's chunk is here before the first render, as in an app whose first screen is up: a test's tap plays
// at once (useAudioEngine.test.tsx covers a tap made before it arrives).
await audioEngineChunk();

/** An HTMLAudioElement stand-in: records calls, lets a test fire media events. */
export class FakeAudio implements AudioLike {
  preload = "";
  currentTime = 0;
  volume = 1;
  muted = false;
  paused = true;
  ended = false;
  duration = Number.NaN;
  readyState = 0;
  playCalls = 0;
  loadCalls = 0;
  /** How many times a src was set: each is a fetch of the audio. */
  srcSets = 0;
  /** What play() answers; resolve by default. */
  playResult: () => Promise<void> = () => Promise.resolve();
  private readonly attributes = new Map<string, string>();
  private readonly listeners = new Map<string, Set<() => void>>();

  get src(): string {
    return this.attributes.get("src") ?? "";
  }
  set src(value: string) {
    this.srcSets++;
    this.attributes.set("src", value);
    this.readyState = 0;
    this.ended = false;
    this.paused = true;
  }
  play(): Promise<void> {
    this.playCalls++;
    this.paused = false;
    const result = this.playResult();
    result.catch(() => {
      this.paused = true;
    });
    return result;
  }
  pause(): void {
    if (this.paused) return;
    this.paused = true;
    queueMicrotask(() => this.emit("pause"));
  }
  load(): void {
    this.loadCalls++;
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }
  addEventListener(type: string, listener: () => void): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: () => void): void {
    this.listeners.get(type)?.delete(listener);
  }
  emit(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  /** Metadata arrived: duration known, position settable. */
  loaded(duration: number): void {
    this.readyState = 4;
    this.duration = duration;
    this.emit("loadedmetadata");
    this.emit("durationchange");
  }
  /** The browser reached the end of the file. */
  finish(): void {
    this.ended = true;
    this.paused = true;
    this.emit("ended");
  }
}

export function notAllowed(): Promise<void> {
  return Promise.reject(Object.assign(new Error("play() needs a user gesture"), { name: "NotAllowedError" }));
}

/** Collects the engine's audio elements: [0] plays, [1] preloads. */
export function fakeAudioFactory() {
  const created: FakeAudio[] = [];
  const create = () => {
    const audio = new FakeAudio();
    created.push(audio);
    return audio;
  };
  return {
    create,
    created,
    /** The element that plays (the latest engine's first element). */
    get main(): FakeAudio {
      const audio = created[created.length - 2];
      if (!audio) throw new Error("no audio engine yet");
      return audio;
    },
    get preloader(): FakeAudio {
      const audio = created[created.length - 1];
      if (!audio) throw new Error("no audio engine yet");
      return audio;
    },
  };
}

/** The player's songs as the API returns them (a full SongDto with the player song's id and title). */
export function asSongDto(track: PlayableSong): SongDto {
  return catalogSong(1, {
    id: track.id,
    title: track.title,
    audioUrl: track.audioUrl,
    duration: track.duration,
    imageUrl: track.imageUrl,
  });
}

/** What the player's procedures return unless a test says otherwise: plays count, no history, no radio. */
const playerFixtures: Fixtures = {
  songs: {
    recordPlay: () => ({ recorded: true, counted: true }),
    recentlyPlayed: () => page([]),
    // Radio has nothing to add unless a test says otherwise.
    radio: () => page([]),
  },
};

export interface PlayerRenderOptions extends Omit<RenderOptions, "wrapper"> {
  /** tRPC responses, on top of the screens' default fixtures and the player's. */
  fixtures?: Fixtures;
  audio?: ReturnType<typeof fakeAudioFactory>;
  random?: () => number;
  /** Told of every commit that rendered the provider or anything inside it (React's Profiler). */
  onRender?: ProfilerOnRenderCallback;
  /** The app's language (`createI18n(locale, messages)`); the browser's, English, otherwise. */
  i18n?: I18n;
}

export function renderWithPlayer(ui: ReactElement, options: PlayerRenderOptions = {}) {
  const {
    fixtures = {},
    audio = fakeAudioFactory(),
    random,
    onRender = () => undefined,
    i18n,
    ...rest
  } = options;
  const calls: { path: string; input: unknown }[] = [];
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const client = trpc.createClient({ links: [fixtureLink(mergeFixtures(playerFixtures, fixtures), calls)] });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <MantineProvider env="test" forceColorScheme="dark">
            <LocaleProvider i18n={i18n}>
              <Notifications />
              <MemoryRouter>
                <Profiler id="player" onRender={onRender}>
                  <PlayerProvider
                    createAudio={audio.create}
                    random={random}
                    nowPlayingParts={NOW_PLAYING_PARTS}
                  >
                    {children}
                  </PlayerProvider>
                </Profiler>
              </MemoryRouter>
            </LocaleProvider>
          </MantineProvider>
        </QueryClientProvider>
      </trpc.Provider>
    );
  }
  return { ...render(ui, { wrapper: Wrapper, ...rest }), audio, calls, queryClient };
}

const latestPlayer: { current: PlayerApi | null } = { current: null };
/** The mini player (and with it Now Playing), recording the player it sees for `currentPlayer()`. */
export function MiniPlayerHarness() {
  latestPlayer.current = usePlayer();
  return <MiniPlayer />;
}
/** The player as the harness last rendered it. */
export function currentPlayer(): PlayerApi {
  if (!latestPlayer.current) throw new Error("not rendered");
  return latestPlayer.current;
}
