'use client';

import { errorPage } from '@/content/error-page';
import { site } from '@/content/site';
import { pageTitle } from '@/lib/metadata';
import ErrorPage from './error';
import './globals.css';

/**
 * Shown when the root layout or the error page itself fails. It replaces the root layout, so it
 * brings its own document and styles, and shows the same page as the error boundary.
 */
export default function GlobalError() {
  return (
    <html lang={site.language}>
      <body>
        {/* React 19 hoists the <title> into the <head> that it writes for this document. */}
        <title>{pageTitle(errorPage.title)}</title>
        <ErrorPage />
      </body>
    </html>
  );
}
