import type { Content } from './schema';

/**
 * The page shown, with status 404, for any address that does not exist. `consoleMessage` is written
 * to the browser's console, followed by the address, for whoever investigates a broken link.
 */
export const notFound = {
  title: 'Page not found',
  description: 'The page you were looking for is not on this site.',
  exclamation: 'Oops!',
  heading: 'Something went wrong',
  message: 'We can’t find the page you’re looking for.',
  homeButton: { label: 'Go to homepage', href: '/', variant: 'primary' },
  back: 'Go back to previous page',
  help: 'Need help? Call us on {phone} or visit our {helpCentre}.',
  helpCentre: { label: 'help centre', href: '/' },
  consoleMessage: '404 Error: User attempted to access non-existent route:',
  // 2024, not 2025 as on the other pages: the product brief asks for this year on this page.
  copyrightYear: 2024,
} satisfies Content['notFound'];
