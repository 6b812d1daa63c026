'use client';

import { errorPage } from '@/content/error-page';
import { site } from '@/content/site';
import { pageTitle } from '@/lib/metadata';
import Error from './error';
import './globals.css';

/** Shown when the root layout or the error page itself fails: it brings its own document and styles. */
export default function GlobalError() {
  return (
    <html lang={site.language}>
      <body>
        <title>{pageTitle(errorPage.title)}</title>
        <Error />
      </body>
    </html>
  );
}
