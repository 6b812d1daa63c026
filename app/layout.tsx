import type { Metadata, Viewport } from 'next';
import { site } from '@/content/site';
import { siteUrl } from '@/lib/site-url';
import './globals.css';

// Pages give their links as paths; metadataBase makes them absolute in the share cards and
// canonical links, using the address that lib/site-url.ts has checked.
export const metadata: Metadata = {
  metadataBase: siteUrl,
  applicationName: `${site.name} ${site.division}`,
};

export const viewport: Viewport = {
  // The browser's own bar takes the navy of the page's bands (--color-band in globals.css). The
  // metadata spec compares the two, so this copy of the colour cannot drift from the stylesheet.
  themeColor: '#0b3558',
};

/** The document around every page: its language, and the global styles. */
export default function RootLayout({ children }: LayoutProps<'/'>) {
  return (
    <html lang={site.language}>
      <body>{children}</body>
    </html>
  );
}
