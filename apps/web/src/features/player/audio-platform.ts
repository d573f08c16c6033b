// What the player knows of the browser before its engine's code arrives (the warm-up and the engine share it):
// whether it is iOS, and a silent clip that opens or unlocks the audio output.
/**
 * A tiny silent mono 8-bit PCM WAV as a data URI. Played on the first gesture on iOS, which
 * unlocks the audio element for later programmatic play() calls.
 */
export function silentWavDataUri(durationMs = 50, sampleRate = 8000): string {
  const samples = Math.max(1, Math.round((sampleRate * durationMs) / 1000));
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + samples, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate, true); // byte rate = rate * channels * bytes per sample
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, samples, true);
  bytes.fill(128, 44); // 8-bit PCM silence is the midpoint
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:audio/wav;base64,${btoa(binary)}`;
}

export const SILENT_WAV = silentWavDataUri();

/** iPhone, iPod and iPad (iPadOS reports itself as a Mac with touch). */
export function isIOS(
  nav: Pick<Navigator, "userAgent" | "maxTouchPoints" | "platform"> | undefined = globalThis.navigator,
): boolean {
  if (!nav) return false;
  if (/iPad|iPhone|iPod/.test(nav.userAgent)) return true;
  return nav.platform === "MacIntel" && nav.maxTouchPoints > 1;
}
