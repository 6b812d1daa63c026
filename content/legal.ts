import type { Content } from './schema';

/**
 * The legal and regulatory block in the footer of every page. The numbers are placeholders (all
 * zeros) and the links '#' until the pages exist: the content check lists them before going live.
 */
export const legal = {
  heading: 'Legal and regulatory information',
  fspNumber: '00000',
  licence: '{name} is an authorised financial services provider (FSP No. {fspNumber}).',
  firmReference: '000000',
  ukStatus:
    '{name} is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (Financial Services Register number {firmReference}).',
  jersey:
    '{name}, Jersey Branch is regulated by the Jersey Financial Services Commission. Eligible deposits are protected by the Jersey Bank Depositors Compensation Scheme.',
  guernsey:
    '{name}, Guernsey Branch is licensed by the Guernsey Financial Services Commission. Eligible deposits are protected by the Guernsey Banking Deposit Compensation Scheme.',
  isleOfMan:
    '{name}, Isle of Man Branch is licensed by the Isle of Man Financial Services Authority. Eligible deposits are protected by the Isle of Man Depositors’ Compensation Scheme.',
  complaints:
    'If we cannot resolve your complaint, you may refer it to the Ombud for Financial Services Providers (the FAIS Ombud).',
  cookies: 'This site sets no cookies.',
  linksAccessibleName: 'Legal',
  links: {
    privacy: { label: 'Privacy notice', href: '#' },
    paia: { label: 'PAIA manual', href: '#' },
    complaints: { label: 'Complaints', href: '#' },
    cookies: { label: 'Cookie statement', href: '#' },
    accessibility: { label: 'Accessibility statement', href: '#' },
  },
} satisfies Content['legal'];
