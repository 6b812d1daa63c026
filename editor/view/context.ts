/** What every part of the view reads: the state, and the actions that change it. */
import { createContext } from 'react';
import type { Actions } from './actions';
import { initialState, type State } from './state';

export const ViewContext = createContext<{ state: State; actions: Actions }>({
  state: initialState,
  actions: undefined as unknown as Actions,
});
