export { ffmpegPath, ffmpegSlots, runFfmpeg, FfmpegError, type FfmpegRun } from "./ffmpeg.js";
