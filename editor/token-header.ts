/**
 * What the editing view's page and its server both name: where a request carries the token that
 * npm run edit printed (request-gate.ts says why never in a cookie).
 */

/** The header in which the view's requests carry the token. */
export const TOKEN_HEADER = 'x-editor-token';

/**
 * The parameter of an address that carries it: the address npm run edit prints, and the frame of
 * the page beside the form, which cannot send a header.
 */
export const TOKEN_PARAMETER = 'token';
