// Vorbis comments written straight into a FLAC file, for tags FFmpeg cannot write: values larger than a
// command-line argument (a 1 MB title) and one key many times over (10,000 GENRE entries).
// https://xiph.org/flac/format.html#metadata_block (the comment block: https://xiph.org/vorbis/doc/v-comment.html)
import { readFile, writeFile } from "node:fs/promises";

const VORBIS_COMMENT = 4;
const PADDING = 1;

/** Replaces the file's comment block with `tags` (in order; a key may repeat). */
export async function writeFlacTags(file: string, tags: ReadonlyArray<readonly [string, string]>) {
  const bytes = await readFile(file);
  if (bytes.toString("latin1", 0, 4) !== "fLaC") throw new Error(`${file} is not FLAC`);
  const kept: Array<{ type: number; data: Buffer }> = [];
  let at = 4;
  for (let last = false; !last;) {
    const header = bytes[at]!;
    last = (header & 0x80) !== 0;
    const type = header & 0x7f;
    const length = bytes.readUIntBE(at + 1, 3);
    if (type !== VORBIS_COMMENT && type !== PADDING)
      kept.push({ type, data: bytes.subarray(at + 4, at + 4 + length) });
    at += 4 + length;
  }
  const comments = tags.map(([key, value]) => Buffer.from(`${key}=${value}`, "utf8"));
  const vendor = Buffer.from("purplebeats-test");
  const body = Buffer.concat([
    u32(vendor.length),
    vendor,
    u32(comments.length),
    ...comments.flatMap((comment) => [u32(comment.length), comment]),
  ]);
  const blocks = [...kept, { type: VORBIS_COMMENT, data: body }];
  const out: Buffer[] = [Buffer.from("fLaC")];
  blocks.forEach(({ type, data }, i) => {
    const header = Buffer.alloc(4);
    header[0] = type | (i === blocks.length - 1 ? 0x80 : 0);
    header.writeUIntBE(data.length, 1, 3);
    out.push(header, data);
  });
  out.push(bytes.subarray(at));
  await writeFile(file, Buffer.concat(out));
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}
