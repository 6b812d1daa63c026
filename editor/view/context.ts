/** What every part of the view reads: the state, and the actions that change it. */
import { createContext } from 'react';
import type { Actions } from './actions';
import { initialState, type State, type Store } from './state';

export const ViewContext = createContext<{ state: State; actions: Actions; store: Store }>({
  state: initialState,
  actions: undefined as unknown as Actions,
  store: undefined as unknown as Store,
});
