/** The addresses of the site's pages, for canonical URLs, the sitemap and structured data. */
export const routes = {
  home: '/',
  southAfrica: '/south-africa',
} as const;

/** The pages search engines should index, in the sitemap's order. */
export const indexedRoutes: readonly string[] = [routes.home, routes.southAfrica];
