/**
 * Text stored in a PNG, in an iTXt chunk (PNG specification §11.3.4.5). `npm run images` stores the
 * words that an image shows, and the content check reads them back to tell when the image is stale.
 *
 * A chunk is laid out as: a 4-byte length of its data, a 4-byte type, the data, a 4-byte CRC.
 */
import { crc32 } from 'node:zlib';

/** The length of the PNG signature, which comes before the first chunk. */
const SIGNATURE_LENGTH = 8;
/** The bytes around a chunk's data: its length and type before it, its CRC after it. */
const CHUNK_OVERHEAD = 12;
/** The length of a chunk's length and type fields, after which its data begins. */
const CHUNK_DATA_OFFSET = 8;
/** Where the first chunk, IHDR, ends: with its fixed 13 bytes of data, it takes 25. */
const HEADER_END = SIGNATURE_LENGTH + CHUNK_OVERHEAD + 13;

/**
 * The text stored under a keyword in a PNG's iTXt chunks, or undefined when there is none. Only
 * uncompressed text is read, as withPngText writes it.
 */
export function readPngText(png: Buffer, keyword: string): string | undefined {
  for (
    let chunkStart = SIGNATURE_LENGTH;
    chunkStart + CHUNK_DATA_OFFSET <= png.length;
    chunkStart += CHUNK_OVERHEAD + png.readUInt32BE(chunkStart)
  ) {
    const chunkType = png.toString('latin1', chunkStart + 4, chunkStart + CHUNK_DATA_OFFSET);
    if (chunkType !== 'iTXt') continue;
    const dataStart = chunkStart + CHUNK_DATA_OFFSET;
    const data = png.subarray(dataStart, dataStart + png.readUInt32BE(chunkStart));
    const keywordEnd = data.indexOf(0);
    if (data.toString('latin1', 0, keywordEnd) !== keyword) continue;
    // After the keyword's NUL come the compression flag and method (a byte each), the language tag
    // and its NUL, the translated keyword and its NUL, and then the text.
    const languageEnd = data.indexOf(0, keywordEnd + 3);
    return data.toString('utf8', data.indexOf(0, languageEnd + 1) + 1);
  }
  return undefined;
}

/**
 * The PNG with `text` stored under `keyword` in an uncompressed iTXt chunk, placed right after the
 * header chunk (IHDR), which must come first.
 */
export function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  // The keyword and its NUL, the compression flag and method (0, 0: none), an empty language tag
  // and an empty translated keyword, each ended by its NUL; then the text, in UTF-8.
  const data = Buffer.concat([Buffer.from(`${keyword}\0\0\0\0\0`, 'latin1'), Buffer.from(text)]);
  const chunk = Buffer.alloc(CHUNK_OVERHEAD + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('iTXt', 4, 'latin1');
  data.copy(chunk, CHUNK_DATA_OFFSET);
  // The CRC covers the chunk's type and data, not its length.
  const crcOffset = CHUNK_DATA_OFFSET + data.length;
  chunk.writeUInt32BE(crc32(chunk.subarray(4, crcOffset)), crcOffset);
  return Buffer.concat([png.subarray(0, HEADER_END), chunk, png.subarray(HEADER_END)]);
}
