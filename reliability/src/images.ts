// Real images for upload tests: the server checks an image's whole structure, not only its first bytes.
import { crc32, deflateSync } from "node:zlib";

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A well-formed 1×1 PNG, with `padding` bytes of text metadata to make it as large as a test needs. */
export function pngImage(padding = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, deflate, no filter, no interlace
  const chunks = [chunk("IHDR", header)];
  if (padding > 0)
    chunks.push(chunk("tEXt", Buffer.concat([Buffer.from("Comment\0"), Buffer.alloc(padding, 0x61)])));
  chunks.push(chunk("IDAT", deflateSync(Buffer.from([0, 0x80, 0x40, 0xc0, 0xff]))));
  chunks.push(chunk("IEND", Buffer.alloc(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}
