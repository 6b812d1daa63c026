/**
 * The exported pages read from out/ without a browser, for the tests that check what the build
 * ships: which scripts a page has, and how many compressed bytes a visitor downloads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { attr, elementsOf, textOf, type Element } from '../../scripts/shared/html';

/** A file the page loads, with its size as a CDN sends it (gzip, level 9). */
type Resource = { url: string; type: 'html' | 'css' | 'js' | 'image'; bytes: number };

/** A file of an export, by the URL the page uses for it, without a query such as an icon's. */
function readOut(out: string, url: string): Buffer {
  return readFileSync(path.join(out, url.split('?')[0] ?? url));
}

/** Compressed size of some text or bytes: gzip at level 9, as a CDN or nginx serves it. */
export function gzipSize(data: string | Buffer): number {
  return gzipSync(data, { level: 9 }).length;
}

/** A page of the export in out/ (or another export's folder), read as a browser reads it. */
export class BuiltPage {
  readonly html: string;
  readonly elements: Element[];

  constructor(
    readonly file: string,
    readonly out = 'out',
  ) {
    this.html = readFileSync(path.join(out, file), 'utf8');
    this.elements = elementsOf(this.html);
  }

  /** The value of an element's attribute, or undefined. */
  static attr = attr;

  /** Elements with this tag name. */
  all(tagName: string): Element[] {
    return this.elements.filter((element) => element.tagName === tagName);
  }

  /** <script> elements that run code: all but JSON-LD data blocks. */
  executableScripts(): Element[] {
    return this.all('script').filter(
      (script) => BuiltPage.attr(script, 'type') !== 'application/ld+json',
    );
  }

  /** <link> elements whose rel includes this value. */
  links(rel: string): Element[] {
    return this.all('link').filter((link) =>
      (BuiltPage.attr(link, 'rel') ?? '').split(/\s+/).includes(rel),
    );
  }

  /** The page's HTML and every file it loads by itself, each compressed. */
  resources(): Resource[] {
    const urlsIn = (elements: Element[], attributeName: string) =>
      elements
        .map((element) => BuiltPage.attr(element, attributeName))
        .filter((url): url is string => Boolean(url));
    const external = [
      ...urlsIn(this.links('stylesheet'), 'href').map((url) => ({ url, type: 'css' as const })),
      // Browsers that run modules skip the nomodule polyfills, so they are not downloaded.
      ...urlsIn(
        this.all('script').filter((script) => BuiltPage.attr(script, 'nomodule') === undefined),
        'src',
      ).map((url) => ({ url, type: 'js' as const })),
      ...urlsIn(this.all('img'), 'src').map((url) => ({ url, type: 'image' as const })),
      ...urlsIn(this.links('icon'), 'href').map((url) => ({ url, type: 'image' as const })),
    ];
    // A file named twice (a script both preloaded and loaded) is downloaded once.
    const uniqueExternal = [
      ...new Map(external.map((resource) => [resource.url, resource])).values(),
    ];
    return [
      { url: this.file, type: 'html', bytes: gzipSize(this.html) },
      ...uniqueExternal.map((resource) => ({
        ...resource,
        bytes: gzipSize(readOut(this.out, resource.url)),
      })),
    ];
  }

  /** Compressed bytes of JavaScript: the script files it loads plus its inline scripts. */
  scriptBytes(): number {
    const inlineCode = this.executableScripts()
      .filter((script) => BuiltPage.attr(script, 'src') === undefined)
      .map(textOf)
      .join('\n');
    const scriptFiles = this.resources().filter((resource) => resource.type === 'js');
    return (
      (inlineCode ? gzipSize(inlineCode) : 0) +
      scriptFiles.reduce((sum, resource) => sum + resource.bytes, 0)
    );
  }
}
