import type { Metadata, Viewport } from 'next';
import { site } from '@/content/site';
import { siteUrl } from '@/lib/site-url';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: siteUrl,
  applicationName: `${site.name} ${site.division}`,
};

export const viewport: Viewport = {
  // The browser's bar takes the bands' navy (--color-band in globals.css; a test holds them equal).
  themeColor: '#0b3558',
};

export default function RootLayout({ children }: LayoutProps<'/'>) {
  return (
    <html lang={site.language}>
      <body>{children}</body>
    </html>
  );
}
