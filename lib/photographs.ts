/**
 * The photographs the build made sizes and formats of (scripts/build/photographs.ts), as the site's
 * components draw them: each source's files with their widths, and the photograph's width and
 * height as its files have them. next.config.ts hands the build's list to the site's code; where it
 * has none (`npm run dev`, which serves public/ as it is, and the editing view's page beside the
 * form), a picture is drawn from its own file.
 */

/** A photograph's sizes and formats, as <picture> takes them. */
export type Photograph = {
  /** One <source> for each format but the last, best first: its media type and its srcset. */
  sources: { type: string; srcset: string }[];
  /** The last format, which every browser draws (JPEG): the widest file, and its srcset. */
  src: string;
  srcset: string;
  /** The widest file's size in pixels. */
  width: number;
  height: number;
};

/**
 * The build's photographs by their address in public/, or none outside a build. Next.js writes the
 * variable's value into the site's code at build; the editing view's page beside runs in a browser,
 * which has no `process`.
 */
const made: Record<string, Photograph> =
  typeof process === 'undefined' || !process.env.PHOTOGRAPHS
    ? {}
    : (JSON.parse(process.env.PHOTOGRAPHS) as Record<string, Photograph>);

/** The sizes and formats the build made of the picture at this address, if it made any. */
export const photographOf = (src: string): Photograph | undefined => made[src];
