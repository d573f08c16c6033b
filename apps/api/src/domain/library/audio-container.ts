// What a file is, from its bytes (file-type's signatures, as music-metadata uses them) and not from its name:
// an `.mp3` that holds WMA is unsupported, a `.flac` that holds text is not audio at all.
import { fileTypeFromFile } from "file-type";
import type { AudioFormat } from "./track.js";

export type Container =
  | { kind: "audio"; mime: string; ext: string }
  | { kind: "unsupported"; name: string }
  | { kind: "not-audio" };

/** file-type's extensions for the containers read here. */
const READABLE = new Set(["mp3", "flac", "ogg", "oga", "opus", "m4a", "mp4", "aac", "wav"]);

/** How the scan report names containers it does not take. */
const NAMES: Record<string, string> = {
  asf: "WMA",
  aif: "AIFF",
  ape: "APE",
  wv: "WavPack",
  mka: "Matroska",
  mkv: "Matroska",
  webm: "WebM",
  mpc: "Musepack",
  dsf: "DSD",
  dff: "DSD",
  mp2: "MP2",
  mp1: "MP1",
  spx: "Speex",
  amr: "AMR",
  ac3: "AC-3",
  mid: "MIDI",
};

export async function sniffContainer(file: string): Promise<Container> {
  const type = await fileTypeFromFile(file);
  if (!type) return { kind: "not-audio" };
  if (READABLE.has(type.ext)) return { kind: "audio", mime: type.mime, ext: type.ext };
  const media = type.mime.startsWith("audio/") || type.mime.startsWith("video/") || type.ext in NAMES;
  return media
    ? { kind: "unsupported", name: NAMES[type.ext] ?? type.ext.toUpperCase() }
    : { kind: "not-audio" };
}

/**
 * The catalog's format from music-metadata's container and codec names ('MPEG' + 'MPEG 1 Layer 3', 'Ogg' +
 * 'Opus', 'M4A/isom/iso2', 'ADTS/MPEG-4', 'WAVE', 'FLAC'); a string naming what is not taken otherwise.
 */
export function audioFormatOf(container: string, codec: string): AudioFormat | { unsupported: string } {
  const c = container.toLowerCase();
  const k = codec.toLowerCase();
  if (c === "mpeg") return k.includes("layer 3") ? "mp3" : { unsupported: codec || "MPEG audio" };
  if (c === "flac") return "flac";
  if (c === "ogg") {
    if (k.includes("opus")) return "opus";
    if (k.includes("vorbis") || k.includes("flac")) return "ogg";
    return { unsupported: `Ogg ${codec || "audio"}`.trim() };
  }
  if (c.startsWith("adts")) return "aac";
  if (c.startsWith("m4a") || c.startsWith("mp4") || c.startsWith("isom") || c.includes("/")) return "m4a";
  if (c === "wave") return "wav";
  return { unsupported: container || codec || "unknown" };
}
