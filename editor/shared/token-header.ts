/**
 * What the editing view's page and its server both name: where a request carries the token that
 * npm run edit printed (local/request-gate.ts says why never in a cookie), the tab it comes from,
 * and in the editing service the change it edits.
 */

/** The header in which the view's requests carry the token. */
export const TOKEN_HEADER = 'x-editor-token';

/** The parameter of the address npm run edit prints, which carries the token to the view. */
export const TOKEN_PARAMETER = 'token';

/**
 * The header in which each of the view's requests carries its tab's id: a random id the tab keeps
 * in its sessionStorage, 1 to 64 letters, digits and dashes. The server tells tabs apart by it: a
 * conflict with another tab's save is said as such, and Undo takes back the tab's own last save.
 */
export const TAB_HEADER = 'x-editor-tab';

/**
 * The header in which each request of the editing service's view names the change it edits,
 * `<user>/<topic>` (service/server.ts): the service refuses a change that is not the signed-in
 * editor's own.
 */
export const WORKSPACE_HEADER = 'x-editor-workspace';
