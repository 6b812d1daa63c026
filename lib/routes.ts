/** The site's pages and their exported files: the site, build, servers and tests read them here. */

/** The addresses of the pages. */
export const routes = {
  home: '/',
  southAfrica: '/south-africa',
} as const;

/**
 * A page of the export: its address, its file in out/, and whether it runs JavaScript. The build
 * strips Next.js's runtime from a page that says no (scripts/build/strip-js.ts), so say yes for a
 * page with a client component.
 */
export type ExportedPage = { route: string; file: string; javaScript: boolean };

/** The pages with an address of their own, in the sitemap's order. Search engines index each. */
export const pages: readonly ExportedPage[] = [
  { route: routes.home, file: 'index.html', javaScript: false },
  { route: routes.southAfrica, file: 'south-africa.html', javaScript: false },
];

/** Every page's address: the only paths a link on the site may lead to. */
export const pageRoutes: readonly string[] = pages.map((page) => page.route);

/**
 * The not-found page, under Next.js's name for its route: servers answer every other address with
 * its file and status 404. It runs JavaScript to log the address and to go back in history.
 */
export const notFoundPage: ExportedPage = {
  route: '/_not-found',
  file: '404.html',
  javaScript: true,
};

/** Every page the export writes: the pages, then the not-found page. */
export const exportedPages: readonly ExportedPage[] = [...pages, notFoundPage];

/** The not-found file's name without `.html` (404): asked for by either name, it answers 404. */
export const notFoundName = notFoundPage.file.replace(/\.html$/, '');
