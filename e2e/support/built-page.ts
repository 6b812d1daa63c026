import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { attr, elementsOf, textOf, type Element } from '../../scripts/shared/html';

/** A file the page loads, with its size as a CDN sends it (gzip, level 9). */
type Resource = { url: string; type: 'html' | 'css' | 'js' | 'image'; bytes: number };

/** A file of the export, by the URL the page uses for it. */
function readOut(url: string): Buffer {
  return readFileSync(path.join('out', url.split('?')[0] ?? url));
}

/** Compressed size of some text or bytes: gzip at level 9, as a CDN or nginx serves it. */
export function gzipSize(data: string | Buffer): number {
  return gzipSync(data, { level: 9 }).length;
}

/** A page of the export in out/, read as a browser reads it. */
export class BuiltPage {
  readonly html: string;
  readonly elements: Element[];

  constructor(readonly file: string) {
    this.html = readFileSync(path.join('out', file), 'utf8');
    this.elements = elementsOf(this.html);
  }

  /** The value of an element's attribute, or undefined. */
  static attr = attr;

  /** Elements with this tag name. */
  all(tagName: string): Element[] {
    return this.elements.filter((e) => e.tagName === tagName);
  }

  /** <script> elements that run code: all but JSON-LD data blocks. */
  executableScripts(): Element[] {
    return this.all('script').filter((s) => BuiltPage.attr(s, 'type') !== 'application/ld+json');
  }

  /** <link> elements whose rel includes this value. */
  links(rel: string): Element[] {
    return this.all('link').filter((l) =>
      (BuiltPage.attr(l, 'rel') ?? '').split(/\s+/).includes(rel),
    );
  }

  /** The page's HTML and every file it loads by itself, each compressed. */
  resources(): Resource[] {
    const urls = (elements: Element[], name: string) =>
      elements.map((e) => BuiltPage.attr(e, name)).filter((u): u is string => Boolean(u));
    const external = [
      ...urls(this.links('stylesheet'), 'href').map((url) => ({ url, type: 'css' as const })),
      // Browsers that run modules skip the nomodule polyfills, so they are not downloaded.
      ...urls(
        this.all('script').filter((s) => BuiltPage.attr(s, 'nomodule') === undefined),
        'src',
      ).map((url) => ({ url, type: 'js' as const })),
      ...urls(this.all('img'), 'src').map((url) => ({ url, type: 'image' as const })),
      ...urls(this.links('icon'), 'href').map((url) => ({ url, type: 'image' as const })),
    ];
    const unique = [...new Map(external.map((r) => [r.url, r])).values()];
    return [
      { url: this.file, type: 'html', bytes: gzipSize(this.html) },
      ...unique.map((r) => ({ ...r, bytes: gzipSize(readOut(r.url)) })),
    ];
  }

  /** Compressed bytes of JavaScript: the script files it loads plus its inline scripts. */
  scriptBytes(): number {
    const inline = this.executableScripts()
      .filter((s) => BuiltPage.attr(s, 'src') === undefined)
      .map(textOf)
      .join('\n');
    const files = this.resources().filter((r) => r.type === 'js');
    return (inline ? gzipSize(inline) : 0) + files.reduce((sum, r) => sum + r.bytes, 0);
  }
}
