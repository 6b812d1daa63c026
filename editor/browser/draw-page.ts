/**
 * Draws a page of the site in the browser, as the page beside the form shows it: the site's own
 * components (bundled by editor/both-servers/site-bundle.ts into /site-pages.js, which defines
 * `editorSite`) run with the content of the moment and are rendered to HTML by React's server
 * renderer, as the build renders them. The packages they import are the view's
 * (editor-site-packages, which the server writes from the list of what the pages import).
 */
import { createElement } from 'react';
import { z } from 'zod';
import { renderToStaticMarkup } from 'react-dom/server';
import { sitePackages } from 'editor-site-packages';
import type { FieldPath } from './api';
import { fieldsShownIn, tagTexts, untagged, type FieldsShown } from './page-tags';

type PageModule = {
  default?: () => unknown;
  GET?: () => Response;
  metadata?: {
    title?: unknown;
    description?: unknown;
    openGraph?: { images?: { url?: unknown; alt?: unknown }[] };
  };
};

declare global {
  /** The site's pages, run with the content given (/site-pages.js). */
  var editorSite: (
    content: Record<string, unknown>,
    require: (name: string) => unknown,
  ) => { pages: PageModule[]; RootLayout: () => unknown };
}

/**
 * What the page beside the form shows for one page: its body (not yet in any page's document), its
 * language, and where it shows each tagged field; or a route handler's text.
 */
export type Drawn =
  | {
      body: HTMLElement;
      lang: string;
      fields: FieldsShown;
      title: string;
      description: string;
      image?: { url: string; alt: string };
    }
  | { text: string };

// The content schema the pages import is zod's, which would otherwise try to compile its checks
// with `new Function`: the view's policy forbids that, and the browser reports each try.
z.config({ jitless: true });

/** A package the pages import, as the view's bundle holds it. */
function requirePackage(name: string): unknown {
  if (!(name in sitePackages))
    throw new Error(`the page beside the form lacks the package ${name}`);
  return sitePackages[name];
}

/**
 * Draws the page at this place of the site's pages with the given content, each text of the fields
 * in `tagged` in a span of its own, which the drawing's `fields` name.
 * @throws Where the site's components cannot draw the content (a file that cannot be read).
 */
export function drawPage(
  index: number,
  content: Record<string, unknown>,
  tagged: FieldPath[],
): Drawn | Promise<Drawn> {
  const site = globalThis.editorSite(tagTexts(content, tagged), requirePackage);
  const page = site.pages[index]!;
  if (page.GET)
    return page
      .GET()
      .text()
      .then((text) => ({ text: untagged(text) }));
  const element = createElement(
    site.RootLayout as never,
    null,
    createElement(page.default as never),
  );
  // The browser's own parser makes the page's elements, as it does from the site's built HTML.
  const parsed = new DOMParser().parseFromString(renderToStaticMarkup(element), 'text/html');
  const metadata = page.metadata ?? {};
  const [shared] = metadata.openGraph?.images ?? [];
  // Next.js takes a title as text, or as { absolute } or { default } for a template's sake.
  const title =
    metadata.title && typeof metadata.title === 'object'
      ? Object.values(metadata.title).find((value) => typeof value === 'string')
      : metadata.title;
  return {
    body: parsed.body,
    lang: parsed.documentElement.lang,
    fields: fieldsShownIn(parsed.body, tagged),
    title: untagged(String(title ?? '')),
    description: untagged(String(metadata.description ?? '')),
    ...(shared && {
      image: { url: untagged(String(shared.url)), alt: untagged(String(shared.alt ?? '')) },
    }),
  };
}
