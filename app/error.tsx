'use client';

import { errorPage } from '@/content/error-page';
import { legal } from '@/content/legal';
import { site } from '@/content/site';
import { ApplicationError } from '@/components/status/application-error';

/** Shown in place of a page that failed while running in the browser, inside the root layout. */
export default function Error() {
  return <ApplicationError content={errorPage} site={site} legal={legal} />;
}
