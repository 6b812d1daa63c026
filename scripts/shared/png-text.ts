// Text in a PNG (an iTXt chunk, PNG §11.3.4.5): the words an image shows, to tell when it is stale.
import { crc32 } from 'node:zlib';

const SIGNATURE = 8;
/** Where the first chunk, IHDR, ends: its length, type, 13 bytes of data and checksum take 25. */
const HEADER_END = SIGNATURE + 25;

export function readPngText(png: Buffer, keyword: string): string | undefined {
  for (let at = SIGNATURE; at + 8 <= png.length; at += 12 + png.readUInt32BE(at)) {
    if (png.toString('latin1', at + 4, at + 8) !== 'iTXt') continue;
    const data = png.subarray(at + 8, at + 8 + png.readUInt32BE(at));
    const keywordEnd = data.indexOf(0);
    if (data.toString('latin1', 0, keywordEnd) !== keyword) continue;
    // After the keyword: compression flag and method, language tag, NUL, translated keyword, NUL.
    const languageEnd = data.indexOf(0, keywordEnd + 3);
    return data.toString('utf8', data.indexOf(0, languageEnd + 1) + 1);
  }
  return undefined;
}

/** The PNG with `text` stored under `keyword`, uncompressed, right after its header chunk. */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  // keyword, NUL, compression flag and method (none), empty language tag and translated keyword.
  const data = Buffer.concat([Buffer.from(`${keyword}\0\0\0\0\0`, 'latin1'), Buffer.from(text)]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('iTXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return Buffer.concat([png.subarray(0, HEADER_END), chunk, png.subarray(HEADER_END)]);
}
