/**
 * Photographs, as the build and the editing view's upload will take them (issue #53, item 2): the
 * type read from the file's bytes, not its name; its pixels capped; and the sizes and formats
 * browsers want, made by sharp (libvips), each without the file's metadata, so that no location,
 * camera or author a photograph carries reaches the site.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PHOTOGRAPHS_FOLDER } from './photograph-files';

/** The formats a photograph may arrive in, as sharp names them, with their media types. */
export const PHOTOGRAPH_TYPES = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
} as const;

/** The formats the site serves a photograph in, best first, with their media types and extensions. */
export const SERVED_FORMATS = [
  { format: 'avif', type: 'image/avif', extension: 'avif' },
  { format: 'webp', type: 'image/webp', extension: 'webp' },
  { format: 'jpeg', type: 'image/jpeg', extension: 'jpg' },
] as const;

/** The widths a photograph is made in: a phone's, a tablet's and a wide screen's hero. */
export const WIDTHS = [480, 960, 1600] as const;

/** A format the site serves a photograph in, as sharp names it. */
export type ServedFormat = (typeof SERVED_FORMATS)[number]['format'];

/**
 * The most bytes each size and format of a photograph may weigh: a hero that a phone on a slow
 * connection (1.6 Mbit/s) loads in about a fifth of a second at 480 px, and a wide screen in about
 * a second at 1600 px. A size narrower than all of WIDTHS (a small photograph's own) has the
 * narrowest's budget. docs/performance.md lists them.
 */
export const PHOTOGRAPH_BUDGETS: Record<(typeof WIDTHS)[number], Record<ServedFormat, number>> = {
  480: { avif: 30_000, webp: 50_000, jpeg: 60_000 },
  960: { avif: 80_000, webp: 130_000, jpeg: 160_000 },
  1600: { avif: 160_000, webp: 250_000, jpeg: 300_000 },
};

/** The budget of a size and format of a photograph, in bytes: that of the narrowest width it fits. */
export const budgetOf = ({ width, format }: { width: number; format: ServedFormat }) =>
  PHOTOGRAPH_BUDGETS[WIDTHS.find((listed) => width <= listed) ?? WIDTHS.at(-1)!][format];

/**
 * The most pixels a photograph may have: 40 million, more than a good camera's 33, so that a file
 * that claims more (a decompression bomb) is refused before it is decoded.
 */
export const MAX_PIXELS = 40_000_000;

/** A photograph read: its format, media type and size in pixels; or why it is refused, in words. */
export type PhotographRead =
  | { format: keyof typeof PHOTOGRAPH_TYPES; type: string; width: number; height: number }
  | { refused: string };

/**
 * Reads a photograph's format and size from its bytes. A file that is no picture, a picture in a
 * format the site does not take, or one of more than MAX_PIXELS pixels is refused, in words an
 * editor can act on.
 */
export async function readPhotograph(bytes: Uint8Array): Promise<PhotographRead> {
  const choose = `choose a ${Object.keys(PHOTOGRAPH_TYPES).join(', ').toUpperCase()} file`;
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!metadata) return { refused: `is no picture: ${choose}` };
  const { format, width, height, autoOrient } = metadata;
  if (!(format in PHOTOGRAPH_TYPES))
    return { refused: `is a ${format.toUpperCase()} picture: ${choose}` };
  if (width * height > MAX_PIXELS)
    return {
      refused: `has ${width} × ${height} pixels, more than the ${MAX_PIXELS / 1_000_000} million taken: make it smaller`,
    };
  const taken = format as keyof typeof PHOTOGRAPH_TYPES;
  // A camera's picture turned by its orientation tag is as wide as it shows, not as it is stored.
  return {
    format: taken,
    type: PHOTOGRAPH_TYPES[taken],
    width: autoOrient.width,
    height: autoOrient.height,
  };
}

/** One size and format of a photograph, as the site serves it. */
export type Rendition = {
  width: number;
  height: number;
  format: ServedFormat;
  type: string;
  extension: string;
  bytes: Buffer;
};

/**
 * Each size and format of a photograph the site serves, one at a time, narrowest first: every width
 * of WIDTHS no wider than the photograph (and the photograph's own width when it is narrower than
 * all), in every served format, turned as its orientation tag says and without its metadata (sharp
 * keeps none unless asked). The same bytes in give the same bytes out.
 */
export async function* eachRendition(bytes: Uint8Array): AsyncGenerator<Rendition> {
  const read = await readPhotograph(bytes);
  if ('refused' in read) throw new Error(`The photograph ${read.refused}`);
  const widths = WIDTHS.filter((width) => width <= read.width);
  const sizes = widths.length > 0 ? widths : [read.width];
  for (const width of sizes)
    for (const { format, type, extension } of SERVED_FORMATS) {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
        .autoOrient()
        .resize({ width })
        .toFormat(format, format === 'jpeg' ? { mozjpeg: true } : {})
        .toBuffer({ resolveWithObject: true });
      yield { width: info.width, height: info.height, format, type, extension, bytes: data };
    }
}

/** Every size and format of a photograph the site serves (eachRendition), in its order. */
export async function renditions(bytes: Uint8Array): Promise<Rendition[]> {
  const made: Rendition[] = [];
  for await (const rendition of eachRendition(bytes)) made.push(rendition);
  return made;
}

/**
 * The address a size and format of a photograph is served at: in PHOTOGRAPHS_FOLDER, named after
 * the photograph's file, its width and a hash of its bytes, so that a photograph changed gets new
 * addresses and each address may be kept by browsers and caches for a year.
 */
export function renditionAddress(src: string, { width, extension, bytes }: Rendition): string {
  const stem = src
    .split('/')
    .at(-1)!
    .replace(/\.[^.]*$/, '');
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return `${PHOTOGRAPHS_FOLDER}${stem}-${width}.${hash}.${extension}`;
}
