import type { Content } from './schema';

/**
 * What shows in place of a page when the site fails while running in the browser. It should say
 * that the fault is ours and offer a way home, since the visitor cannot fix it.
 */
export const errorPage = {
  title: 'Unexpected error',
  heading: 'Unexpected Application Error!',
  message: 'Sorry, something went wrong on our side. Please try again from the homepage.',
  homeButton: { label: 'Go to homepage', href: '/', variant: 'primary' },
  copyrightYear: 2025,
} satisfies Content['errorPage'];
