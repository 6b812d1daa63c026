/** The addresses of the site's pages, for links, canonical URLs, the sitemap and structured data. */
export const routes = {
  home: '/',
  southAfrica: '/south-africa',
} as const;

/** Every page's address: the only paths a link on the site may lead to. */
export const pageRoutes: readonly string[] = Object.values(routes);

/** The pages search engines should index, in the sitemap's order. */
export const indexedRoutes: readonly string[] = pageRoutes;
