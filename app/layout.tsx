import type { ReactNode } from 'react';
import { site } from '@/content/site';
import { MAIN_ID } from '@/components/layout/page-main';
import { SkipLink } from '@/components/layout/skip-link';
import './globals.css';

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={site.language}>
      <body>
        <SkipLink href={`#${MAIN_ID}`} label={site.skipLink} />
        {children}
      </body>
    </html>
  );
}
