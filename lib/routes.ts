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

/**
 * A page of the export: the address it answers at, its file in out/, and whether it runs
 * JavaScript. A page that renders no client component runs none: the build strips the runtime
 * Next.js adds to every page (scripts/build/strip-js.ts). Give a page a client component, and say so
 * here, or the build strips what it needs.
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
 * The not-found page, under Next.js's own name for its route. Servers answer every other address
 * with its file and status 404; it has no address of its own.
 */
export const notFoundPage: ExportedPage = {
  route: '/_not-found',
  file: '404.html',
  // It logs the missing address and goes back in history (status/missing-path-log, ui/back-button).
  javaScript: true,
};

/** Every page the export writes: the pages, then the not-found page. */
export const exportedPages: readonly ExportedPage[] = [...pages, notFoundPage];

/**
 * The not-found file's name without `.html` (404). Asked for by either name, it answers 404 as any
 * other unknown address does.
 */
export const notFoundName = notFoundPage.file.replace(/\.html$/, '');
