/**
 * `npm run images` draws the site's images from their sources, so that none of them is edited by
 * hand and all follow a change of name, mark or colour: the favicon (app/icon.svg), then, in
 * Chromium, the share image and the PNG icons. The sources are the logo mark, the hero picture, the
 * bank's name and the brand colours of app/globals.css.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { logoMarkSvg } from '../components/layout/logo-mark';
import { site } from '../content/site';
import { southAfrica } from '../content/south-africa';
import { shareImageTitle } from '../scripts/shared/share-image';
import { chromiumLaunchOptions } from '../e2e/support/browsers';
import { withPngText } from '../scripts/shared/png-text';

/** A colour that app/globals.css sets, by its custom property's name; the first, light one wins. */
function colourToken(name: string): string {
  const css = readFileSync('app/globals.css', 'utf8');
  const value = new RegExp(`${name}:\\s*(#[0-9a-f]{3,6});`, 'i').exec(css)?.[1];
  if (!value) throw new Error(`images: app/globals.css sets no ${name}`);
  return value;
}
const brand = colourToken('--color-brand');
const onBrand = colourToken('--color-on-brand');
const mark = logoMarkSvg(brand, onBrand);
writeFileSync('app/icon.svg', `${mark}\n`);
console.log('images: wrote app/icon.svg');
const hero = readFileSync(`public${southAfrica.hero.src}`, 'utf8');
const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Content text made safe to place in the HTML that the share image is drawn from. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ENTITIES[character] ?? character);

// The share image: the hero picture, with the mark, the bank's name and the page's title over it.
const share = { ...site.shareImage, file: `public${site.shareImage.src}` };
const shareCard = `
  <body style="margin:0;width:${share.width}px;height:${share.height}px;position:relative;overflow:hidden;
    font-family:Georgia,'DejaVu Serif',serif;color:${onBrand};background:${brand}">
    <img src="${dataUrl(hero)}" style="position:absolute;inset:auto 0 0 0;width:100%;height:${share.height - 180}px;object-fit:cover">
    <div style="position:absolute;left:80px;top:72px;display:flex;align-items:center;gap:28px">
      <img src="${dataUrl(logoMarkSvg(onBrand, brand))}" width="96" height="96">
      <div>
        <div style="font-size:56px;line-height:1.1">${escapeHtml(site.name)}</div>
        <div style="font:600 26px system-ui,sans-serif;letter-spacing:.12em;text-transform:uppercase;opacity:.85">${escapeHtml(site.division)}</div>
      </div>
    </div>
    <div style="position:absolute;left:80px;bottom:64px;padding:18px 32px;background:${brand};font-size:64px">
      ${escapeHtml(southAfrica.title)}
    </div>
  </body>`;

// The favicon in PNG, for browsers that do not take the SVG one; its corners stay transparent.
const icon = `<body style="margin:0"><img src="${dataUrl(mark)}" width="32" height="32" style="display:block"></body>`;

// The Apple touch icon: iOS rounds the corners itself and wants no transparency, so the mark fills
// the whole square.
const appleIcon = `<body style="margin:0;width:180px;height:180px;background:${brand}">
  <img src="${dataUrl(logoMarkSvg(brand, onBrand, 0))}" width="180" height="180" style="display:block"></body>`;

const browser = await chromium.launch(chromiumLaunchOptions);
for (const [file, html, width, height] of [
  [share.file, shareCard, share.width, share.height],
  ['app/icon.png', icon, 32, 32],
  ['app/apple-icon.png', appleIcon, 180, 180],
] as const) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(html);
  // The pictures are data URLs, but still decode after setContent returns: wait for them.
  await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode())));
  const png = await page.screenshot({ omitBackground: file === 'app/icon.png' });
  // The share image keeps the words it shows, so that content:check notices when they change.
  const title = shareImageTitle(site, southAfrica);
  writeFileSync(file, file === share.file ? withPngText(png, 'Title', title) : png);
  await page.close();
  console.log(`images: wrote ${file} (${width} × ${height})`);
}
await browser.close();
