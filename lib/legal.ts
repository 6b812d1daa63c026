import type { Legal } from '@/content/schema';
import { fillTemplate } from './template';

/**
 * The legal block's statements, in the order the footer shows them, with the bank's name and its
 * regulators' reference numbers filled in. The South Africa page and the footer both show them, so
 * the filling is done once, here.
 * @param legal The editors' legal texts (content/legal.ts).
 * @param bankName The bank's name, for the texts' {name} slot.
 */
export function legalStatements(legal: Legal, bankName: string) {
  const withBankName = (text: string) => fillTemplate(text, { name: bankName });
  return {
    licence: fillTemplate(legal.licence, { name: bankName, fspNumber: legal.fspNumber }),
    ukStatus: fillTemplate(legal.ukStatus, { name: bankName, firmReference: legal.firmReference }),
    jersey: withBankName(legal.jersey),
    guernsey: withBankName(legal.guernsey),
    isleOfMan: withBankName(legal.isleOfMan),
    complaints: legal.complaints,
    cookies: legal.cookies,
  };
}
