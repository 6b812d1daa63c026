import type { Content } from './schema';

/** The top bar of group websites and the main navigation of the Private Bank site. */
export const navigation = {
  groupAccessibleName: 'Our websites',
  groupMenu: 'Our websites',
  group: [
    { id: 'private-bank', label: 'Private Bank', href: '/' },
    { id: 'channel-islands', label: 'Channel Islands and Isle of Man', href: '#' },
    { id: 'international', label: 'International Banking', href: '#' },
    { id: 'investment-bank', label: 'Investment Bank', href: '#' },
    { id: 'corporate', label: 'Corporate Banking', href: '#' },
  ],
  groupCurrent: 'private-bank',
  logIn: { label: 'Log in', href: '#', variant: 'primary' },
  service: [
    { id: 'contact', label: 'Contact us', href: '#' },
    { id: 'about', label: 'About us', href: '#' },
  ],
  mainAccessibleName: 'Main',
  mainMenu: 'Menu',
  closeMenu: 'Close',
  main: [
    { id: 'offer', label: 'What we offer', href: '#' },
    { id: 'clients', label: 'Who we work with', href: '#' },
    { id: 'locations', label: 'Where we’re located', href: '/' },
    { id: 'digital', label: 'Digital services', href: '#' },
    { id: 'insights', label: 'Insights', href: '#' },
    { id: 'support', label: 'Support and information', href: '#' },
  ],
} satisfies Content['navigation'];
