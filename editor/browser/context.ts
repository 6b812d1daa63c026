/** What every part of the view reads: the state, and the actions that change it. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Actions } from './actions';
import { initialState, type State, type Store } from './state';

export const ViewContext = createContext<{ state: State; actions: Actions; store: Store }>({
  state: initialState,
  actions: undefined as unknown as Actions,
  store: undefined as unknown as Store,
});

/**
 * The store and the actions alone, which never change: what the form's fields read the context
 * for, so that a change of the state draws again only the fields whose part of it changed.
 */
export const StoreContext = createContext<{ actions: Actions; store: Store }>({
  actions: undefined as unknown as Actions,
  store: undefined as unknown as Store,
});

/**
 * A part of the state, read by a part of the view that is drawn again only when that part changes:
 * the form's fields each read their own value and messages, so that a key typed in one field draws
 * that field again, not the whole form. The part must be a text, a number, or a value the state
 * keeps as it is until it changes (a file's value, the model).
 */
export function useView<T>(select: (state: State) => T): T {
  const { store } = useContext(StoreContext);
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
