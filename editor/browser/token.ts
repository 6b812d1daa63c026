/**
 * The view's token: taken from the address this tab was opened at (the one npm run edit printed),
 * then kept in the tab's sessionStorage, which a page of another origin, another port of 127.0.0.1
 * included, cannot read, and taken out of the address bar, where it would stay in sight for the
 * whole session. A reload of the tab finds it there again; another tab needs the printed address.
 */
import { TOKEN_PARAMETER } from '../shared/token-header';

const STORAGE_NAME = 'editor-token';

/** The token of this tab, or undefined when it was opened without the printed address. */
export function viewToken(): string | undefined {
  const address = new URL(location.href);
  const given = address.searchParams.get(TOKEN_PARAMETER);
  if (given) {
    sessionStorage.setItem(STORAGE_NAME, given);
    address.searchParams.delete(TOKEN_PARAMETER);
    history.replaceState(history.state, '', `${address.pathname}${address.search}${address.hash}`);
  }
  return sessionStorage.getItem(STORAGE_NAME) ?? undefined;
}

const TAB_STORAGE_NAME = 'editor-tab';

/**
 * This tab's own name, which the server tells its saves apart by: Undo undoes this tab's last save,
 * and a conflict names the tab that wrote first. Kept in sessionStorage, so that a reload of the
 * tab is the same tab.
 */
export function viewTab(): string {
  const kept = sessionStorage.getItem(TAB_STORAGE_NAME);
  if (kept) return kept;
  const made = crypto.randomUUID();
  sessionStorage.setItem(TAB_STORAGE_NAME, made);
  return made;
}
