import type { Content } from './schema';

/**
 * The homepage, at '/'. Hover over a field's name in your editor to see what it is and where it
 * shows; `npm run content:check` checks every text before the build.
 */
export const home = {
  title: 'Oops! Something went wrong',
  description:
    '{name} {division}: find our South Africa office for offshore private, investment and corporate banking.',
  lead: 'The page you asked for isn’t here. Our South Africa office can help you find what you need.',
  officeLink: { label: 'South Africa Office', href: '/south-africa', variant: 'primary' },
  brokenLink: { label: '404 Error', href: '/this-page-does-not-exist', variant: 'secondary' },
  copyrightYear: 2025,
} satisfies Content['home'];
