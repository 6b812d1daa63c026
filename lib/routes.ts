/** The site's pages and their exported files: the site, build, servers and tests read them here. */
export const routes = {
  home: '/',
  southAfrica: '/south-africa',
} as const;

type ExportedPage = { route: string; file: string };

/** The pages with an address of their own, in the sitemap's order. */
const pages: readonly ExportedPage[] = [
  { route: routes.home, file: 'index.html' },
  { route: routes.southAfrica, file: 'south-africa.html' },
];

/** The only paths a link on the site may lead to. */
export const pageRoutes = pages.map((page) => page.route);

/**
 * The not-found page, by Next.js's name: servers answer every other address with it, and 404. The
 * only page that runs JavaScript: not Next.js's, but an island of its own (scripts/build/island.ts).
 */
export const notFoundPage = { route: '/_not-found', file: '404.html' };

export const exportedPages = [...pages, notFoundPage];

/** Asked for as 404 or 404.html, the not-found file answers 404 too. */
export const notFoundName = notFoundPage.file.replace(/\.html$/, '');
