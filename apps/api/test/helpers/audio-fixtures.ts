// A small music folder made at test time with the real encoder (FFmpeg): tagged files in every format, covers
// embedded and in album folders, untagged files named Artist/Album/01 - Title, a compilation, lyrics (a sidecar
// .lrc and embedded), one artist spelled two ways, and the bad files a real library holds. Each file comes with
// what reading it should give, so any suite (reader, scanner, uploads) can check itself against the same truth.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runFfmpeg } from "@purplebeats/media";
import type { AudioFormat, Lyrics, TrackDescription } from "../../src/domain/library/track.js";

/**
 * What reading a good fixture file gives: every field of TrackDescription but those of the file itself (path,
 * size, time, hash, bit rate); `durationMs` is the tone's length (a reader is within 100 ms of it) and
 * `picture` the exact bytes expected, embedded or from the album folder.
 */
export type ExpectedTrack = Omit<
  TrackDescription,
  "source" | "size" | "mtimeMs" | "contentHash" | "bitrateKbps" | "picture"
> & { picture: Buffer | null };

type Required = Pick<ExpectedTrack, "format" | "title" | "artists" | "album" | "durationMs">;

/** An expected track: what is not given is absent (no album artist, numbers, year, genre, picture, lyrics). */
function expectedTrack(fields: Required & Partial<ExpectedTrack>): ExpectedTrack {
  return {
    albumArtist: null,
    compilation: false,
    trackNo: null,
    lossless: fields.format === "flac" || fields.format === "wav",
    lyrics: null,
    ...fields,
  } as ExpectedTrack;
}

export type ExpectedOutcome = { ok: true; track: ExpectedTrack } | { ok: false; reason: string };

export interface FixtureFile {
  /** Absolute. */
  path: string;
  /** Relative to the root, with '/' ('Purple Band/Every Format/01 - tagged.mp3'). */
  name: string;
  expected: ExpectedOutcome;
}

export interface MusicFolder {
  root: string;
  /** Every file with an audio extension that a walk of `root` should find, good and bad. */
  files: FixtureFile[];
  /** Files a walk must leave out (hidden folders and files). */
  hidden: string[];
  file(name: string): FixtureFile;
  remove(): Promise<void>;
}

export const FIXTURE_LRC = [
  "[ar:Lyric Band]",
  "[ti:Sung]",
  "[offset:+100]",
  "[00:00.50]Hello there",
  "[00:01.00][00:02.00]Again and again",
  "[00:01.50]<00:01.50>Word <00:01.80>by word",
  "",
].join("\n");

/** FIXTURE_LRC as read: offset applied (100 ms sooner), repeated lines at each time, word times dropped. */
const FIXTURE_LRC_LYRICS: Lyrics = {
  synced: true,
  lines: [
    { timeMs: 400, text: "Hello there" },
    { timeMs: 900, text: "Again and again" },
    { timeMs: 1400, text: "Word by word" },
    { timeMs: 1900, text: "Again and again" },
  ],
};

const CODECS: Record<Exclude<AudioFormat, "aac">, { ext: string; args: string[]; lossless: boolean }> = {
  mp3: { ext: "mp3", args: ["-c:a", "libmp3lame", "-b:a", "128k"], lossless: false },
  flac: { ext: "flac", args: ["-c:a", "flac"], lossless: true },
  ogg: { ext: "ogg", args: ["-c:a", "libvorbis", "-q:a", "2"], lossless: false },
  opus: { ext: "opus", args: ["-c:a", "libopus", "-b:a", "64k"], lossless: false },
  m4a: { ext: "m4a", args: ["-c:a", "aac", "-b:a", "128k"], lossless: false },
  wav: { ext: "wav", args: ["-c:a", "pcm_s16le"], lossless: true },
};

interface Tone {
  format: keyof typeof CODECS;
  seconds: number;
  tags?: Record<string, string>;
  /** An image file to embed as the front cover (attached_pic). */
  cover?: string;
  /** More output options. */
  extra?: string[];
}

/** Encodes a sine tone to `out` with FFmpeg, with `-metadata` tags and an optional embedded cover. */
async function encodeTone(out: string, tone: Tone): Promise<void> {
  const codec = CODECS[tone.format];
  const args = ["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=44100:duration=${tone.seconds}`];
  if (tone.cover) {
    args.push(
      "-i",
      tone.cover,
      "-map",
      "0:a",
      "-map",
      "1:v",
      "-c:v",
      "copy",
      "-disposition:v",
      "attached_pic",
    );
  }
  args.push(...codec.args, ...(tone.extra ?? []));
  for (const [key, value] of Object.entries(tone.tags ?? {})) args.push("-metadata", `${key}=${value}`);
  await mkdir(path.dirname(out), { recursive: true });
  await runFfmpeg([...args, out]);
}

async function encodeImage(out: string, color: string, codec: "mjpeg" | "png"): Promise<Buffer> {
  await mkdir(path.dirname(out), { recursive: true });
  await runFfmpeg([
    "-f",
    "lavfi",
    "-i",
    `color=c=${color}:s=64x64`,
    "-frames:v",
    "1",
    "-c:v",
    codec,
    "-f",
    "image2",
    out,
  ]);
  return readFile(out);
}

/** Bytes that look like noise but are the same on every run. */
function noise(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let x = 0x2545f491;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

/** An ID3v2.4 size or frame size: 7 bits a byte ("syncsafe"). */
function syncsafe(n: number): Buffer {
  return Buffer.from([(n >>> 21) & 0x7f, (n >>> 14) & 0x7f, (n >>> 7) & 0x7f, n & 0x7f]);
}

function id3Frame(id: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(id, "latin1"), syncsafe(body.length), Buffer.alloc(2), body]);
}

const UTF8 = Buffer.from([3]);
const utf8z = (text: string) => Buffer.concat([Buffer.from(text, "utf8"), Buffer.alloc(1)]);

/**
 * An ID3v2.4 tag with title, artist and album, and USLT (unsynced) or SYLT (synced, in milliseconds) lyrics:
 * FFmpeg writes neither frame, taggers such as Mp3tag and foobar2000 do.
 */
function id3WithLyrics(tags: { title: string; artist: string; album: string }, lyrics: Lyrics): Buffer {
  const text = (id: string, value: string) => id3Frame(id, Buffer.concat([UTF8, Buffer.from(value, "utf8")]));
  const lyricsFrame = lyrics.synced
    ? id3Frame(
        "SYLT",
        Buffer.concat([
          UTF8,
          Buffer.from("eng", "latin1"),
          Buffer.from([2, 1]), // timestamps in milliseconds; content: lyrics
          utf8z(""),
          ...lyrics.lines.flatMap((line) => {
            const time = Buffer.alloc(4);
            time.writeUInt32BE(line.timeMs ?? 0);
            return [utf8z(line.text), time];
          }),
        ]),
      )
    : id3Frame(
        "USLT",
        Buffer.concat([
          UTF8,
          Buffer.from("eng", "latin1"),
          utf8z(""),
          Buffer.from(lyrics.lines.map((l) => l.text).join("\n")),
        ]),
      );
  const frames = Buffer.concat([
    text("TIT2", tags.title),
    text("TPE1", tags.artist),
    text("TALB", tags.album),
    lyricsFrame,
  ]);
  return Buffer.concat([
    Buffer.from("ID3", "latin1"),
    Buffer.from([4, 0, 0]),
    syncsafe(frames.length),
    frames,
  ]);
}

const TAGGED_ALBUM = { album: "Every Format", album_artist: "Purple Band", date: "2021", genre: "Synthpop" };

/** Makes the music folder under `parent` (the system's temp folder by default). */
export async function makeMusicFolder(parent = tmpdir()): Promise<MusicFolder> {
  const root = await mkdtemp(path.join(parent, "pb-music-"));
  const at = (name: string) => path.join(root, ...name.split("/"));
  const files: FixtureFile[] = [];
  const work: Array<Promise<void>> = [];
  const good = (name: string, track: Required & Partial<ExpectedTrack>) =>
    files.push({ path: at(name), name, expected: { ok: true, track: expectedTrack(track) } });
  const bad = (name: string, reason: string) =>
    files.push({ path: at(name), name, expected: { ok: false, reason } });

  const [embeddedCover, folderCover, frontPng] = await Promise.all([
    encodeImage(path.join(root, ".images", "embedded.jpg"), "purple", "mjpeg"),
    encodeImage(at("Untagged Artist/Folder Album/Cover.JPG"), "orange", "mjpeg"),
    encodeImage(at("Compilations/Summer Hits/front.png"), "teal", "png"),
  ]);
  const embeddedCoverFile = path.join(root, ".images", "embedded.jpg");

  // One album in every format, fully tagged; names on disk that differ from the tags, so tags must win.
  const formats: Array<[keyof typeof CODECS, string, boolean]> = [
    ["mp3", "Song in MP3", true],
    ["flac", "Song in FLAC", true],
    ["ogg", "Song in Vorbis", false],
    ["opus", "Song in Opus", false],
    ["m4a", "Song in AAC", false],
    ["wav", "Café in WAV", false],
  ];
  formats.forEach(([format, title, withCover], i) => {
    const name = `Purple Band/Every Format/0${i + 1} - tagged.${CODECS[format].ext}`;
    const seconds = 2 + i * 0.2;
    // The opus track has a guest, credited the way taggers write it.
    const artist = format === "opus" ? "Purple Band feat. Guest Singer" : "Purple Band";
    const tags = { ...TAGGED_ALBUM, title, artist, track: `${i + 1}/6`, disc: "1/1" };
    work.push(
      encodeTone(at(name), { format, seconds, tags, cover: withCover ? embeddedCoverFile : undefined }),
    );
    // WAV's INFO chunk holds no album artist or disc number.
    const wav = format === "wav";
    good(name, {
      format,
      title,
      artists: format === "opus" ? ["Purple Band", "Guest Singer"] : ["Purple Band"],
      album: "Every Format",
      albumArtist: wav ? null : "Purple Band",
      trackNo: i + 1,
      discNo: wav ? null : 1,
      year: 2021,
      genre: "Synthpop",
      durationMs: seconds * 1000,
      lossless: CODECS[format].lossless,
      picture: withCover ? embeddedCover : null,
    });
  });

  // No tags at all: everything from the folders and file names; the album folder's Cover.JPG.
  const untagged: Array<[string, keyof typeof CODECS, Partial<ExpectedTrack>]> = [
    ["01 - First Light.mp3", "mp3", { title: "First Light", trackNo: 1, discNo: null }],
    ["02 Second Wind.mp3", "mp3", { title: "Second Wind", trackNo: 2, discNo: null }],
    ["CD2/2-05 Last Call.ogg", "ogg", { title: "Last Call", trackNo: 5, discNo: 2 }],
  ];
  for (const [file, format, fromName] of untagged) {
    const name = `Untagged Artist/Folder Album/${file}`;
    work.push(encodeTone(at(name), { format, seconds: 2.5, tags: {} }));
    good(name, {
      format,
      title: "",
      trackNo: null,
      ...fromName,
      artists: ["Untagged Artist"],
      album: "Folder Album",
      albumArtist: "Untagged Artist",
      durationMs: 2500,
      picture: folderCover,
    });
  }

  // A compilation: one album, each track its own artist; FLAC also sets the compilation flag.
  const compilation: Array<[string, keyof typeof CODECS, string, string]> = [
    ["01 - One.flac", "flac", "Sunny Day", "Artist One"],
    ["02 - Two.mp3", "mp3", "Beach Night", "Artist Two"],
  ];
  compilation.forEach(([file, format, title, artist], i) => {
    const name = `Compilations/Summer Hits/${file}`;
    const tags: Record<string, string> = {
      title,
      artist,
      album: "Summer Hits",
      album_artist: "Various Artists",
      track: String(i + 1),
      date: "2020",
    };
    if (format === "flac") tags.compilation = "1";
    work.push(encodeTone(at(name), { format, seconds: 2.2, tags }));
    good(name, {
      format,
      title,
      artists: [artist],
      album: "Summer Hits",
      albumArtist: "Various Artists",
      compilation: true,
      trackNo: i + 1,
      year: 2020,
      durationMs: 2200,
      lossless: CODECS[format].lossless,
      picture: frontPng,
    });
  });

  // Lyrics: a sidecar .lrc wins over the file's own; embedded LYRICS alone give unsynced lines.
  const lyricTags = { artist: "Lyric Band", album: "Sung Album", album_artist: "Lyric Band" };
  work.push(
    encodeTone(at("Lyric Band/Sung Album/01 - Sung.flac"), {
      format: "flac",
      seconds: 3,
      tags: { ...lyricTags, title: "Sung", track: "1", LYRICS: "Embedded words" },
    }),
    encodeTone(at("Lyric Band/Sung Album/02 - Spoken.ogg"), {
      format: "ogg",
      seconds: 3,
      tags: { ...lyricTags, title: "Spoken", track: "2", LYRICS: "First line\nSecond line" },
    }),
  );
  const lyricTrack = {
    album: "Sung Album",
    artists: ["Lyric Band"],
    albumArtist: "Lyric Band",
    compilation: false,
  };
  good("Lyric Band/Sung Album/01 - Sung.flac", {
    ...lyricTrack,
    format: "flac",
    title: "Sung",
    trackNo: 1,
    durationMs: 3000,
    lyrics: FIXTURE_LRC_LYRICS,
  });
  good("Lyric Band/Sung Album/02 - Spoken.ogg", {
    ...lyricTrack,
    format: "ogg",
    title: "Spoken",
    trackNo: 2,
    durationMs: 3000,
    lyrics: {
      synced: false,
      lines: [
        { timeMs: null, text: "First line" },
        { timeMs: null, text: "Second line" },
      ],
    },
  });

  // Lyrics embedded in MP3s the way taggers write them (SYLT synced, USLT plain), on FFmpeg's untagged audio.
  const mp3Lyrics: Array<[string, string, Lyrics]> = [
    [
      "03 - Synced.mp3",
      "Synced",
      {
        synced: true,
        lines: [
          { timeMs: 250, text: "Première ligne" },
          { timeMs: 1250, text: "Second line" },
        ],
      },
    ],
    ["04 - Unsynced.mp3", "Unsynced", { synced: false, lines: [{ timeMs: null, text: "Only words" }] }],
  ];
  for (const [file, title, lyrics] of mp3Lyrics) {
    const name = `Lyric Band/Sung Album/${file}`;
    const untaggedMp3 = path.join(root, ".scratch", file);
    const tag = id3WithLyrics({ title, artist: "Lyric Band", album: "Sung Album" }, lyrics);
    work.push(
      encodeTone(untaggedMp3, { format: "mp3", seconds: 2, tags: {}, extra: ["-write_id3v2", "0"] })
        .then(() => readFile(untaggedMp3))
        .then(async (audio) => {
          await mkdir(path.dirname(at(name)), { recursive: true });
          await writeFile(at(name), Buffer.concat([tag, audio]));
        }),
    );
    good(name, {
      ...lyricTrack,
      // No TPE2 frame, and the album is tagged: no album artist.
      albumArtist: null,
      format: "mp3",
      title,
      trackNo: Number(file.slice(0, 2)),
      durationMs: 2000,
      lyrics,
    });
  }

  // One artist spelled two ways: the catalog must not split them (matchKey makes them one).
  const spellings: Array<[string, string, string]> = [
    ["01 - Crazy.mp3", "Crazy", "Beyoncé"],
    ["02 - Baby.mp3", "Baby", "BEYONCE"],
  ];
  spellings.forEach(([file, title, artist], i) => {
    const name = `Beyonce/Dangerously/${file}`;
    const tags = { title, artist, album: "Dangerously", track: String(i + 1) };
    work.push(encodeTone(at(name), { format: "mp3", seconds: 2, tags }));
    good(name, {
      format: "mp3",
      title,
      artists: [artist],
      album: "Dangerously",
      trackNo: i + 1,
      durationMs: 2000,
    });
  });

  // What goes wrong in real libraries.
  const scratch = path.join(root, ".scratch");
  const wholeMp3 = path.join(scratch, "whole.mp3");
  const wholeFlac = path.join(scratch, "whole.flac");
  const wma = path.join(scratch, "windows.wma");
  work.push(
    encodeTone(wholeMp3, { format: "mp3", seconds: 3 }),
    encodeTone(wholeFlac, { format: "flac", seconds: 3 }),
    mkdir(scratch, { recursive: true }).then(() =>
      runFfmpeg(["-f", "lavfi", "-i", "sine=duration=2", "-c:a", "wmav2", "-f", "asf", wma]).then(() => {}),
    ),
  );
  bad("Bad Files/empty.mp3", "Empty file");
  bad("Bad Files/notes.flac", "Not an audio file");
  bad("Bad Files/truncated.mp3", "Corrupt or truncated audio");
  bad("Bad Files/corrupt.flac", "Corrupt or truncated audio");
  bad("Bad Files/windows.mp3", "Unsupported format: WMA");

  const hidden = [".Trash/deleted.mp3", "Purple Band/Every Format/._01 - tagged.mp3"];
  await Promise.all(work);
  await mkdir(at("Bad Files"), { recursive: true });
  const flac = await readFile(wholeFlac);
  noise(1024).copy(flac, Math.floor(flac.length / 2));
  await Promise.all([
    writeFile(at("Lyric Band/Sung Album/01 - Sung.lrc"), FIXTURE_LRC),
    writeFile(at("Bad Files/empty.mp3"), ""),
    writeFile(at("Bad Files/notes.flac"), "These are not the droids you are looking for.\n"),
    readFile(wholeMp3).then((mp3) => writeFile(at("Bad Files/truncated.mp3"), mp3.subarray(0, 2048))),
    writeFile(at("Bad Files/corrupt.flac"), flac),
    readFile(wma).then((bytes) => writeFile(at("Bad Files/windows.mp3"), bytes)),
    writeFile(at("Purple Band/Every Format/notes.txt"), "not music"),
    ...hidden.map((name) =>
      mkdir(path.dirname(at(name)), { recursive: true }).then(() => writeFile(at(name), "x")),
    ),
  ]);

  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return {
    root,
    files,
    hidden: hidden.map(at),
    file(name) {
      const found = files.find((f) => f.name === name);
      if (!found) throw new Error(`No fixture file ${name}`);
      return found;
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
