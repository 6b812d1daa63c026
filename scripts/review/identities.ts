/**
 * Who a GitHub account is at the bank: the three routes by which the approvers check joins an
 * account to a bank identity, the editor's e-mail address at the bank that the editing service
 * signs into each commit (editor/service/signing.ts). main's .github/approvers.json names the one
 * a bank uses, in `bankIdentities` (docs/deploying.md, "Approvers by bank identity"):
 *
 * - `{ "route": "managed-users", "shortcode": "<the enterprise's short code>" }`: GitHub Enterprise
 *   Managed Users, whose logins the bank's identity provider makes from each person's user name:
 *   the part before the @, every run of other characters than letters and digits made one dash,
 *   then an underscore and the short code (`thandi.nkosi@bank.example` is `thandi-nkosi_bank`).
 *   GitHub refuses to make a second account whose login would be the same, so the login names one
 *   person. An account whose login does not end with the short code is no managed user: it maps to
 *   nothing.
 * - `{ "route": "saml", "export": "<file in main>" }`: the organisation's SAML identities, which
 *   GitHub's API shows to an organisation owner alone, exported by an owner (SAML_EXPORT_QUERY,
 *   with `gh api graphql --paginate`, the pages gathered into one JSON array) and committed to
 *   main: each identity's NameID, the bank e-mail, and the login it is linked to.
 * - `{ "route": "mapping", "logins": { "<login>": "<bank e-mail>" } }`: a mapping the compliance
 *   team keeps by hand.
 *
 * An account that maps to nothing is nobody the check can tell apart from an author: its approval
 * does not count, and, where it wrote or pushed a commit the service did not sign, the check fails.
 */
import { readFileSync } from 'node:fs';

/** The query an owner runs to export the SAML identities, page by page. */
export const SAML_EXPORT_QUERY = `query($org: String!, $endCursor: String) {
  organization(login: $org) {
    samlIdentityProvider {
      externalIdentities(first: 100, after: $endCursor) {
        pageInfo { hasNextPage endCursor }
        nodes { samlIdentity { nameId } user { login } }
      }
    }
  }
}`;

/** One page of the export, as GitHub's GraphQL API answers SAML_EXPORT_QUERY. */
export type SamlExportPage = {
  data: {
    organization: {
      samlIdentityProvider: {
        externalIdentities: {
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
          nodes: ({
            samlIdentity: { nameId: string | null } | null;
            user: { login: string } | null;
          } | null)[];
        };
      } | null;
    } | null;
  };
};

export type Route =
  | { route: 'managed-users'; shortcode: string }
  | { route: 'saml'; export: string }
  | { route: 'mapping'; logins: Record<string, string> };

/**
 * The join between accounts and bank identities. Both sides meet as a key: an identity's key and
 * an account's are equal when they are one person.
 */
export type BankIdentities = {
  /** The route, in words, for the check's report. */
  route: string;
  /** The key of the person an account is, or undefined where it maps to nothing. */
  ofLogin: (login: string) => string | undefined;
  /** The key of a bank identity (a signed commit's e-mail). */
  ofIdentity: (identity: string) => string;
};

/** A managed user's login made from a user name: GitHub's normalisation, then the short code. */
export function managedLogin(userName: string, shortcode: string): string {
  const handle = userName
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${handle}_${shortcode.toLowerCase()}`;
}

/**
 * The join of a route.
 * @param readFile Reads a file of main (the SAML export).
 * @returns The join, or why there is none, in words.
 */
export function bankIdentities(
  route: Route | undefined,
  readFile: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): BankIdentities | { problem: string } {
  const email = (value: string) => value.trim().toLowerCase();
  switch (route?.route) {
    case 'managed-users': {
      const suffix = `_${route.shortcode.toLowerCase()}`;
      return {
        route: `managed user accounts (short code ${route.shortcode})`,
        ofLogin: (login) =>
          login.toLowerCase().endsWith(suffix) ? login.toLowerCase() : undefined,
        ofIdentity: (identity) => managedLogin(identity, route.shortcode),
      };
    }
    case 'saml': {
      let pages: SamlExportPage[];
      try {
        pages = JSON.parse(readFile(route.export)) as SamlExportPage[];
      } catch {
        return { problem: `The SAML identities' export ${route.export} cannot be read as JSON.` };
      }
      const logins = new Map<string, string>();
      for (const page of Array.isArray(pages) ? pages : []) {
        const identities = page?.data?.organization?.samlIdentityProvider?.externalIdentities;
        for (const node of identities?.nodes ?? []) {
          const nameId = node?.samlIdentity?.nameId;
          if (nameId && node.user) logins.set(node.user.login.toLowerCase(), email(nameId));
        }
      }
      if (!logins.size)
        return { problem: `The SAML identities' export ${route.export} links no account.` };
      return {
        route: `the organisation's SAML identities (${route.export})`,
        ofLogin: (login) => logins.get(login.toLowerCase()),
        ofIdentity: email,
      };
    }
    case 'mapping': {
      const logins = new Map(
        Object.entries(route.logins).map(([login, identity]) => [
          login.toLowerCase(),
          email(identity),
        ]),
      );
      return {
        route: 'the mapping of logins in .github/approvers.json',
        ofLogin: (login) => logins.get(login.toLowerCase()),
        ofIdentity: email,
      };
    }
    default:
      return {
        problem:
          'No route joins GitHub accounts to bank identities: .github/approvers.json names none in bankIdentities (managed-users, saml or mapping), so no approval can be told from an author’s. docs/deploying.md, "Approvers by bank identity", says how to set one.',
      };
  }
}
