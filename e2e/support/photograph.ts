/**
 * A photograph in the hero of a scratch copy of the project (issue #53): a JPEG that carries a
 * location and its author's name, as a camera writes one, for e2e/out/photographs.spec.ts and for
 * tools/photograph-lighthouse.ts, which audits the pages with it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/** The photograph's address, and the size it is taken at: wider than the widest size made. */
export const PHOTOGRAPH = '/images/johannesburg-office.jpg';
export const TAKEN = { width: 2000, height: 1200 };

/**
 * A photograph of the given size, the same every run: a gradient with a little texture, as a sky over
 * a building has, tagged with the place it was taken and who took it.
 */
export function photographWithLocation({ width, height }: typeof TAKEN, noise = 0) {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 1;
  for (let at = 0; at < pixels.length; at++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const pixel = Math.floor(at / 3);
    const base = [(pixel % width) / width, Math.floor(pixel / width) / height, 0.5][at % 3]! * 200;
    pixels[at] = Math.min(255, base + ((seed >> 16) % (4 + noise)));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Artist: 'A photographer' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '26/1 12/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '28/1 2/1 0/1',
      },
    })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Puts the photograph in public/images/ of the copy, and names it in the South Africa page's hero. */
export async function photographInHero(copy: string) {
  writeFileSync(path.join(copy, `public${PHOTOGRAPH}`), await photographWithLocation(TAKEN));
  const file = path.join(copy, 'content/south-africa.ts');
  const source = readFileSync(file, 'utf8');
  const hero = "src: '/images/south-africa-hero.svg'";
  if (!source.includes(hero)) throw new Error(`content/south-africa.ts no longer holds ${hero}`);
  writeFileSync(file, source.replace(hero, `src: '${PHOTOGRAPH}'`));
}
