/**
 * The site's pages: the address each answers at, and the file the static export writes for it.
 * The one place that knows; pages, the content check, the build steps, the servers and the tests
 * all read it from here.
 */

/** The addresses of the pages. */
export const routes = {
  home: '/',
  southAfrica: '/south-africa',
} as const;

/** A page of the export: the address it answers at and its file in out/. */
export type ExportedPage = { route: string; file: string };

/** The pages with an address of their own, in the sitemap's order. Search engines index each. */
export const pages: readonly ExportedPage[] = [
  { route: routes.home, file: 'index.html' },
  { route: routes.southAfrica, file: 'south-africa.html' },
];

/** Every page's address: the only paths a link on the site may lead to. */
export const pageRoutes: readonly string[] = pages.map((page) => page.route);

/**
 * The not-found page, under Next.js's own name for its route. Servers answer every other address
 * with its file and status 404; it has no address of its own.
 */
export const notFoundPage: ExportedPage = { route: '/_not-found', file: '404.html' };
