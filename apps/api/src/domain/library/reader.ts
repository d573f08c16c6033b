// How a library scan reads MUSIC_DIR: the walker (audio-files.ts) and the file reader (read-track.ts), behind
// one small interface that the scan (library-service.ts) is written against.
import { findAudioFiles, type FoundAudioFile, type WalkEntry } from "./audio-files.js";
import { readTrack } from "./read-track.js";
import type { ReadResult } from "./track.js";

export interface LibraryReader {
  findAudioFiles(roots: readonly string[]): AsyncIterable<WalkEntry>;
  readTrack(file: FoundAudioFile): Promise<ReadResult>;
}

export const libraryReader: LibraryReader = {
  findAudioFiles,
  readTrack: (file) => readTrack(file.path, { size: file.size, mtimeMs: file.mtimeMs, root: file.root }),
};
