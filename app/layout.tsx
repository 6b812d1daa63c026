import type { Metadata, Viewport } from 'next';
import { site } from '@/content/site';
import { siteUrl } from '@/lib/site-url';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: siteUrl,
  applicationName: `${site.name} ${site.division}`,
};

export const viewport: Viewport = {
  // The browser's own interface takes the brand colour (--color-brand in globals.css).
  themeColor: '#0b3558',
};

export default function RootLayout({ children }: LayoutProps<'/'>) {
  return (
    <html lang={site.language}>
      <body>{children}</body>
    </html>
  );
}
