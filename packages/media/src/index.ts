export { ffmpegPath, ffmpegSlots, runFfmpeg, FfmpegError, type FfmpegRun } from "./ffmpeg.js";
export { measureLoudness, parseEbur128Summary, albumLoudness, type Loudness } from "./loudness.js";
export {
  encodeLowMp3,
  encodeMp3,
  encodePcmMp3,
  encodeRenditions,
  sourceServesAsHigh,
  STANDARD_KBPS,
  HIGH_KBPS,
  LOW_KBPS,
} from "./renditions.js";
