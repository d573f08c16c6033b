// How a library scan reads MUSIC_DIR: the walker (audio-files.ts) and the file reader (read-track.ts), behind
// one small interface that the scan (library-service.ts) is written against.
import { findAudioFiles, type FoundAudioFile, type WalkEntry, type WalkOptions } from "./audio-files.js";
import { readTrack } from "./read-track.js";
import type { ReadResult } from "./track.js";

export interface LibraryReader {
  findAudioFiles(roots: readonly string[]): AsyncIterable<WalkEntry>;
  readTrack(file: FoundAudioFile): Promise<ReadResult>;
}

/** The reader of MUSIC_DIR, with the operator's choice of following folder links out of it. */
export function libraryReader(options: WalkOptions = {}): LibraryReader {
  return {
    findAudioFiles: (roots) => findAudioFiles(roots, options),
    readTrack: (file) =>
      readTrack(file.path, { size: file.size, mtimeMs: file.mtimeMs, root: file.root, bounds: file.bounds }),
  };
}
