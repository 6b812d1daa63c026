/**
 * Build step, after compile-island: the page nginx answers with when it refuses a request itself (a
 * POST, an oversized cookie or address, a TLS client error) or fails (500, 502, 503, 504), in place
 * of its own bare pages, which name the server. It is the error page (content/error-page.ts) that the
 * not-found page keeps inert for its island, made a page of its own: the not-found page's head, with
 * the error page's title and no script, around the error page's body. It goes beside the CSP map in
 * deploy/build/, not into out/: Cloudflare answers such requests with pages of its own, and out/ has
 * only files with an address.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorPage } from '../../content/error-page';
import { islandElementIds } from '../../lib/not-found-island';
import { pageTitle } from '../../lib/metadata';
import { notFoundPage } from '../../lib/routes';
import { attr, elementsOf, type Element } from '../shared/html';

/**
 * The server error page: its file, which the build writes, and the address nginx gives it inside
 * the server (it has none outside: the configuration makes it internal).
 */
export const serverErrorPage = {
  file: 'deploy/build/server-error.html',
  address: '/server-error.html',
};

/**
 * Whether an element of the not-found page's head describes that page alone (its description and
 * share cards, which speak of a missing page), and so has no place in the server error page.
 */
function describesNotFound(element: Element): boolean {
  if (element.tagName !== 'meta') return false;
  const name = attr(element, 'name') ?? attr(element, 'property') ?? '';
  return name === 'description' || /^(og|twitter):/.test(name);
}

/** Text as HTML: the two characters that could start markup, escaped. */
const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/** The server error page, made from the not-found page's exported HTML. */
export function serverErrorHtml(notFoundHtml: string): string {
  const elements = elementsOf(notFoundHtml);
  const one = (tagName: string, id?: string) => {
    const found = elements.filter((e) => e.tagName === tagName && (!id || attr(e, 'id') === id));
    if (found.length !== 1) throw new Error(`server-error-page: ${found.length} <${tagName}>`);
    return found[0]!.sourceCodeLocation!;
  };
  const template = one('template', islandElementIds.errorPageId);
  const body = one('body');
  const title = one('title');
  // Each edit replaces a range of the source; applied from the end, so earlier offsets still hold.
  const edits = [
    {
      start: body.startTag!.endOffset,
      end: body.endTag!.startOffset,
      text: notFoundHtml.slice(template.startTag!.endOffset, template.endTag!.startOffset),
    },
    ...elements
      .filter((e) => e.tagName === 'script' || describesNotFound(e))
      .map(({ sourceCodeLocation }) => ({
        start: sourceCodeLocation!.startOffset,
        end: sourceCodeLocation!.endOffset,
        text: '',
      })),
    {
      start: title.startOffset,
      end: title.endOffset,
      text: `<title>${escapeText(pageTitle(errorPage.title))}</title>`,
    },
  ].sort((a, b) => b.start - a.start);
  return edits.reduce(
    (html, { start, end, text }) => html.slice(0, start) + text + html.slice(end),
    notFoundHtml,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const html = serverErrorHtml(readFileSync(path.join('out', notFoundPage.file), 'utf8'));
  mkdirSync(path.dirname(serverErrorPage.file), { recursive: true });
  writeFileSync(serverErrorPage.file, html);
  console.log(`server-error-page: wrote ${serverErrorPage.file} (${html.length} bytes)`);
}
