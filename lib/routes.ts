/**
 * The site's pages: the address each answers at, and the file the static export writes for it. This
 * is the one place in the site and its build that knows them: the pages, the sitemap, the content
 * check, the build steps, the servers and the bench read them from here. The tests do not: they
 * write out the routes the brief fixes on their own (e2e/support/brief.ts), so that a page lost
 * here fails them.
 */

/** The addresses of the pages. */
export const routes = {
  home: '/',
  southAfrica: '/south-africa',
} as const;

/** A page of the export: the address it answers at, and its file in out/. */
type ExportedPage = { route: string; file: string };

/** The pages with an address of their own, in the sitemap's order. Search engines index each. */
const pagesWithAddress: readonly ExportedPage[] = [
  { route: routes.home, file: 'index.html' },
  { route: routes.southAfrica, file: 'south-africa.html' },
];

/** Every page's address: the only paths a link on the site may lead to, and the sitemap's. */
export const pageRoutes = pagesWithAddress.map((page) => page.route);

/**
 * The not-found page, under Next.js's own name for its route. It has no address of its own: the
 * servers answer every unknown address with its file and status 404. It is the only page that runs
 * JavaScript: not Next.js's runtime, which the build strips from every page
 * (scripts/build/strip-js.ts), but an island of its own (scripts/build/compile-island.ts) for its 'Back'
 * button and its log of the missing path.
 */
export const notFoundPage = { route: '/_not-found', file: '404.html' };

/** Every page the export writes: the pages with an address, then the not-found page. */
export const exportedPages = [...pagesWithAddress, notFoundPage];

/**
 * The not-found file's name without `.html` ('404'). Asked for by either name, the file answers
 * 404 as any unknown address does, rather than 200 as a page would.
 */
export const notFoundFileWithoutHtml = notFoundPage.file.replace(/\.html$/, '');
