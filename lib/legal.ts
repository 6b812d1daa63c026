import type { Content } from '@/content/schema';
import { fillTemplate } from './template';

/** The legal block's statements, in the footer's order, with the bank's name and numbers filled in. */
export function legalStatements(legal: Content['legal'], name: string) {
  const withName = (text: string) => fillTemplate(text, { name });
  return {
    licence: fillTemplate(legal.licence, { name, fspNumber: legal.fspNumber }),
    ukStatus: fillTemplate(legal.ukStatus, { name, firmReference: legal.firmReference }),
    jersey: withName(legal.jersey),
    guernsey: withName(legal.guernsey),
    isleOfMan: withName(legal.isleOfMan),
    complaints: legal.complaints,
    cookies: legal.cookies,
  };
}
