// The listening settings follow the listener from device to device (a guest on their guest profile):
// read from the profile once the first screen is up (the profile's copy wins over this device's), and saved
// to it a moment after each change.
import type { ListeningSettingsDto } from "@purplebeats/contracts/schemas";
import { useEffect, useRef, useState } from "react";
import { afterFirstScreen } from "../../first-screen/after-first-screen";
import { chunkLoader } from "../../lib/chunk-loading";
import { trpc } from "../../lib/trpc";
import { useHasSession } from "../account";

const SAVE_AFTER_MS = 400;

/** The settings' store, with the engine's chunk (useAudioEngine.ts): nothing here runs before the first screen. */
const preferencesChunk = chunkLoader(() => import("./listening-preferences"));

export function useListeningSettingsSync(): void {
  const hasSession = useHasSession();
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => setReady(true)), []);
  const signedIn = ready && hasSession;
  const stored = trpc.profile.listeningSettings.useQuery(undefined, {
    enabled: signedIn,
    staleTime: Infinity,
  });
  const { mutate } = trpc.profile.updateListeningSettings.useMutation();
  /** What the profile holds as far as this page knows: a change equal to it is not sent again. */
  const synced = useRef<string | null>(null);

  useEffect(() => {
    const { data } = stored;
    if (!data) return;
    let current = true;
    preferencesChunk().then(
      ({ saveAudioPreferences }) => {
        if (!current) return;
        synced.current = JSON.stringify(data);
        saveAudioPreferences(data);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [stored]);

  useEffect(() => {
    // Before the profile's copy is read, a change would overwrite it with this device's.
    if (!signedIn || !stored.isSuccess) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let unsubscribe = () => {};
    preferencesChunk().then(
      ({ readAudioPreferences, subscribeAudioPreferences }) => {
        if (stopped) return;
        unsubscribe = subscribeAudioPreferences(() => {
          clearTimeout(timer);
          timer = setTimeout(() => {
            const settings: ListeningSettingsDto = readAudioPreferences();
            const json = JSON.stringify(settings);
            if (json === synced.current) return;
            synced.current = json;
            mutate(settings);
          }, SAVE_AFTER_MS);
        });
      },
      () => undefined,
    );
    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [signedIn, stored.isSuccess, mutate]);
}
