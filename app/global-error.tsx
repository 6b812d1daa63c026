'use client';

import { errorPage } from '@/content/error-page';
import { legal } from '@/content/legal';
import { site } from '@/content/site';
import { ApplicationError } from '@/components/status/application-error';
import { pageTitle } from '@/lib/metadata';
import './globals.css';

/** Shown when the root layout or the error page itself fails: it brings its own document and styles. */
export default function GlobalError() {
  return (
    <html lang={site.language}>
      <head>
        <title>{pageTitle(errorPage.title)}</title>
      </head>
      <body>
        <ApplicationError content={errorPage} site={site} legal={legal} />
      </body>
    </html>
  );
}
