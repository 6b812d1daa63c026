/**
 * The editing view in the browser, drawn by React: a form generated from the content schema (JSON
 * Schema, each field marked with its kind), every field of every content file, with the page
 * beside it drawn from the form's values as the editor types. As the editor types, the server's
 * content check speaks at the field; on leaving the field (or Enter) the value is saved into its
 * file, unless the check rejects it, in which case it stays in its field with the check's message.
 *
 * The form is its own small renderer over the JSON Schema rather than a library such as
 * react-jsonschema-form: every field here needs what such a library leaves to custom code (the
 * content check's messages in place of its validator's, help read from the schema's doc comments,
 * names in words, an input per kind of field, list items saved as the check allows, selection from
 * the page), so the library would bring a validator and inputs the view could not use.
 */
import { StrictMode, useEffect, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { createActions } from './actions';
import { StoreContext, ViewContext } from './context';
import { inService, openChange } from './api';
import { createStore, type State } from './state';
import { EditingView } from './view';

/**
 * Where the editing service's view keeps the values typed and not saved in a change, for a reload
 * of the tab to find them again (a sign-in that ended reloads it, say): the tab's sessionStorage,
 * which outlives a reload, not the tab. npm run edit's view keeps them in the page alone, and a
 * reload drops them, as its messages say.
 */
const unsavedKey = inService && openChange ? `editor-unsaved:${openChange}` : undefined;

const store = createStore(
  unsavedKey ? (JSON.parse(sessionStorage.getItem(unsavedKey) ?? '{}') as State['unsaved']) : {},
);
if (unsavedKey)
  store.subscribe(() =>
    sessionStorage.setItem(unsavedKey, JSON.stringify(store.getState().unsaved)),
  );
const actions = createActions(store);
/** What the form's fields read: the same for the whole life of the page. */
const storeAndActions = { actions, store };

/** How often the view looks for a file changed outside it, while it is open. */
const CHANGE_POLL_MS = 3000;

function App() {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  // A page being left stops its requests, which is no failure: nothing is said of them.
  useEffect(() => {
    const leaving = () => store.dispatch({ type: 'leaving' });
    window.addEventListener('pagehide', leaving);
    return () => window.removeEventListener('pagehide', leaving);
  }, []);
  // The view looks for a file changed outside it when the editor comes back to it (from a
  // terminal, a code editor, a git checkout), and every few seconds while it is open.
  useEffect(() => {
    if (!actions.readsFiles) return;
    window.addEventListener('focus', actions.noticeChanges);
    const poll = setInterval(actions.noticeChanges, CHANGE_POLL_MS);
    return () => {
      window.removeEventListener('focus', actions.noticeChanges);
      clearInterval(poll);
    };
  }, []);
  return (
    <StoreContext value={storeAndActions}>
      <ViewContext value={{ state, actions, store }}>
        <EditingView />
      </ViewContext>
    </StoreContext>
  );
}

createRoot(document.getElementById('editor')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
actions.start();
