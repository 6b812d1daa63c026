/**
 * A picture an editor chooses from their computer, taken in by the editing view's API
 * (content-api.ts, in npm run edit and in the editing service alike) at a route of its own,
 * /api/picture, whose body is the file's bytes and nothing else: the file's name and the type the
 * browser guessed are never sent, so no path or name of the editor's reaches the disk. Its type is
 * read from its bytes (sharp's metadata); it is written again without its metadata (EXIF with any
 * GPS location, XMP, IPTC, the colour profile: its colours converted to sRGB, which browsers
 * assume of a picture without one), turned as its orientation tag says, and no larger than
 * LONGEST_SIDE; and it is stored in public/images under a name made from the bytes written.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { PictureStored } from '../shared/protocol';
import type { ReadFile } from './content-files';
import { contentSchema } from '../../content/schema';
import { nginxTypes, valuesOfKind } from '../../scripts/build/content-rules';
import { isPhotograph } from '../../scripts/shared/photograph-files';
import { MAX_PIXELS, readPhotograph, type PHOTOGRAPH_TYPES } from '../../scripts/shared/photograph';

/**
 * The longest side of a picture as stored, in pixels: twice the widest the site shows (the hero's
 * 1600), for screens of two pixels to a point; a larger picture is made smaller to fit.
 */
export const LONGEST_SIDE = 3200;

/** The extension a picture of each format taken is stored with. */
const EXTENSIONS: Record<keyof typeof PHOTOGRAPH_TYPES, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
};

/**
 * Stores a picture's bytes in a folder's public/images, as the site will serve it.
 * @param root The project's root (npm run edit) or the editor's workspace (the editing service).
 */
export async function storePicture(root: string, bytes: Buffer): Promise<PictureStored> {
  // A picture the servers would send as a download (application/octet-stream, with nosniff) is
  // never drawn, and one the build makes no sizes of is sent whole to a phone: only the formats
  // the build makes photographs of (JPEG and PNG) that nginx's types send as pictures are taken,
  // whatever the file's name or the browser said. (An SVG, which the servers send, is a program as
  // much as a picture, and is not taken from an editor's computer.)
  const served = nginxTypes();
  const taken = (Object.keys(EXTENSIONS) as (keyof typeof EXTENSIONS)[]).filter(
    (format) =>
      served.get(EXTENSIONS[format])?.startsWith('image/') &&
      isPhotograph(`picture.${EXTENSIONS[format]}`),
  );
  const { format } = await sharp(bytes)
    .metadata()
    .catch(() => ({ format: undefined }));
  if (format && !(taken as string[]).includes(format))
    return {
      refused: `This file is a picture in ${format.toUpperCase()} format, which is not taken here: choose a ${taken.map((one) => one.toUpperCase()).join(' or ')} file, the formats of photographs that every server sends`,
    };
  const read = await readPhotograph(bytes);
  if ('refused' in read) return { refused: `This file ${read.refused}` };
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .autoOrient()
    .resize({
      width: LONGEST_SIDE,
      height: LONGEST_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .toFormat(read.format, read.format === 'jpeg' ? { quality: 90, mozjpeg: true } : {})
    .toBuffer({ resolveWithObject: true });
  const name = `photo-${createHash('sha256').update(data).digest('hex').slice(0, 16)}.${EXTENSIONS[read.format]}`;
  const folder = path.join(root, 'public', 'images');
  const file = path.join(folder, name);
  // The same bytes make the same name: a picture stored already is the one asked for. Another is
  // written beside it and renamed, so that no request reads half a picture.
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, data);
    renameSync(partial, file);
  }
  return { src: `/images/${name}`, width: info.width, height: info.height };
}

/**
 * The files of public/ that the content names in its pictures' fields, as paths from the root
 * ('public/images/photo-….jpg'), where the folder holds them: what a commit or a proposal takes
 * with the words that use them, so that a clone of its branch holds every picture its content
 * names.
 * @param root The project's root, or the editor's workspace.
 */
export function picturesNamed(files: ReadFile[], root: string): string[] {
  const content = Object.fromEntries(files.map(({ name, read }) => [name, read?.value]));
  return [
    ...new Set(
      valuesOfKind(content, contentSchema, 'image')
        .filter((src): src is string => typeof src === 'string' && src.startsWith('/'))
        .map((src) => path.posix.normalize(`public${src}`))
        .filter((file) => file.startsWith('public/') && existsSync(path.join(root, file))),
    ),
  ];
}
