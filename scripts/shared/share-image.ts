import type { Content, Site } from '../../content/schema';

/**
 * The words drawn on the share image. `npm run images` (tools/render-images.ts) stores them in the
 * PNG, and the content check warns when they no longer match the content, for example after the
 * bank is renamed, so that nobody has to remember to redraw the image.
 */
export function shareImageTitle(site: Site, page: Content['southAfrica']): string {
  return `${site.name} ${site.division}: ${page.title}`;
}
