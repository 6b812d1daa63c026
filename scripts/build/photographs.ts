/**
 * Build steps around `next build` for photographs (issue #53): with `--make`, before it, each
 * photograph the content shows (content-rules.ts's photographsIn) is made in each size and format
 * browsers want (scripts/shared/photograph.ts), into .cache/photographs/, with the list that
 * next.config.ts hands the site's code (lib/photographs.ts); with `--publish`, after it, the files
 * are copied into out/photographs/ and the originals are removed from out/, since they carry what
 * the camera wrote (a location, a name) and no page names them.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentSchema } from '../../content/schema';
import type { Photograph } from '../../lib/photographs';
import { renditionAddress, renditions, SERVED_FORMATS } from '../shared/photograph';
import { loadContent } from './check-content';
import { photographsIn } from './content-rules';

/** Where `--make` writes the files (as out/ will have them) and the list. */
const MADE_FOLDER = '.cache/photographs';
/** The list of the photographs made, by their address in public/, which next.config.ts reads. */
const MADE_LIST = `${MADE_FOLDER}/photographs.json`;

/** Makes each photograph's files and the list, in place of any made before. */
async function make() {
  const { files } = loadContent();
  // The content check ran first and passed, so the content is what the schema promises.
  const content = contentSchema.parse(Object.fromEntries(files.map((f) => [f.name, f.value])));
  rmSync(MADE_FOLDER, { recursive: true, force: true });
  const list: Record<string, Photograph> = {};
  const sources = [...new Set(photographsIn(content).map(({ src }) => src))];
  for (const src of sources) {
    const made = await renditions(readFileSync(`public${src}`));
    const srcsetOf = (format: string) =>
      made
        .filter((rendition) => rendition.format === format)
        .map((rendition) => {
          const address = renditionAddress(src, rendition);
          mkdirSync(path.dirname(`${MADE_FOLDER}/out${address}`), { recursive: true });
          writeFileSync(`${MADE_FOLDER}/out${address}`, rendition.bytes);
          return `${address} ${rendition.width}w`;
        })
        .join(', ');
    // The last format is the one every browser draws, in <img>; the others are <source>s before it.
    const others = SERVED_FORMATS.slice(0, -1);
    const last = SERVED_FORMATS.at(-1)!;
    const widest = made.filter((rendition) => rendition.format === last.format).at(-1)!;
    list[src] = {
      sources: others.map(({ format, type }) => ({ type, srcset: srcsetOf(format) })),
      src: renditionAddress(src, widest),
      srcset: srcsetOf(last.format),
      width: widest.width,
      height: widest.height,
    };
    console.log(`photographs: ${src}: ${made.length} files made`);
  }
  mkdirSync(MADE_FOLDER, { recursive: true });
  writeFileSync(MADE_LIST, `${JSON.stringify(list, null, 2)}\n`);
}

/** Copies the files made into out/, and removes their originals from it. */
function publish() {
  const list = JSON.parse(readFileSync(MADE_LIST, 'utf8')) as Record<string, Photograph>;
  const sources = Object.keys(list);
  if (sources.length > 0) cpSync(`${MADE_FOLDER}/out`, 'out', { recursive: true });
  for (const src of sources) rmSync(`out${src}`);
  console.log(`photographs: ${sources.length} published in out/, without their originals`);
}

if (process.argv.includes('--make')) await make();
else if (process.argv.includes('--publish')) publish();
else throw new Error('usage: photographs.ts --make | --publish');
