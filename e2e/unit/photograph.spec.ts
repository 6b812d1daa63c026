import { crc32, deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { readPhotograph, renditions } from '../../scripts/shared/photograph';

/**
 * A photograph as the site will take it (issue #53, item 2): its type read from its bytes, its
 * pixels capped, and each size and format the site serves made from it without its metadata, a
 * location included.
 */

/** A photograph of 1000 × 600 pixels, a pattern the same every run, taken where GPS says. */
async function photographWithLocation(orientation = 1) {
  const width = 1000;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Artist: 'A photographer', Copyright: 'The bank' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '26/1 12/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '28/1 2/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

/**
 * A black PNG of `width` × `height` pixels, one bit each, a few kilobytes however many pixels it
 * has: what a decompression bomb looks like.
 */
function blackPng(width: number, height: number) {
  const chunk = (name: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(name, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // One bit a pixel, grey, no interlace.
  header.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('a photograph’s type is read from its bytes, whatever its name', async () => {
  const jpeg = await photographWithLocation();
  expect(await readPhotograph(jpeg)).toEqual({
    format: 'jpeg',
    type: 'image/jpeg',
    width: 1000,
    height: 600,
  });
  const png = await sharp(jpeg).png().toBuffer();
  expect(await readPhotograph(png)).toMatchObject({ format: 'png', type: 'image/png' });
});

test('a file that is no picture, a picture of a type the site does not take, and one of too many pixels are refused in words', async () => {
  expect(await readPhotograph(Buffer.from('<html>not a picture</html>'))).toEqual({
    refused: 'is no picture: choose a JPEG, PNG, WEBP file',
  });
  const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
    .gif()
    .toBuffer();
  expect(await readPhotograph(gif)).toEqual({
    refused: 'is a GIF picture: choose a JPEG, PNG, WEBP file',
  });
  // A few kilobytes that would be 50 million pixels: refused from its header, never decoded.
  expect(await readPhotograph(blackPng(10_000, 5_000))).toEqual({
    refused: 'has 10000 × 5000 pixels, more than the 40 million taken: make it smaller',
  });
});

test('each size and format is made without the photograph’s metadata, its location included', async () => {
  const photograph = await photographWithLocation();
  // The photograph itself carries a location, an author and a copyright.
  expect((await sharp(photograph).metadata()).exif?.toString('latin1')).toContain('A photographer');
  const made = await renditions(photograph);
  expect(made.map(({ width, height, type }) => `${width}×${height} ${type}`)).toEqual([
    '480×288 image/avif',
    '480×288 image/webp',
    '480×288 image/jpeg',
    '960×576 image/avif',
    '960×576 image/webp',
    '960×576 image/jpeg',
  ]);
  for (const { bytes, type, width } of made) {
    const metadata = await sharp(bytes).metadata();
    expect(
      `image/${metadata.format === 'heif' ? 'avif' : metadata.format}`,
      `${width} ${type}`,
    ).toBe(type);
    expect(metadata.exif, `${width} ${type}`).toBeUndefined();
    expect(metadata.xmp, `${width} ${type}`).toBeUndefined();
    expect(bytes.toString('latin1'), `${width} ${type}`).not.toContain('A photographer');
  }
  // The same photograph gives the same bytes, so that budgets on them hold from run to run.
  expect((await renditions(photograph)).map(({ bytes }) => bytes)).toEqual(
    made.map(({ bytes }) => bytes),
  );
});

test('a photograph turned by its orientation tag is made as it shows, upright', async () => {
  // Orientation 6: stored on its side, shown turned a quarter clockwise.
  const made = await renditions(await photographWithLocation(6));
  expect(made[0]).toMatchObject({ width: 480, height: 800 });
});
