/**
 * The editing view's state, in one place: a store that React subscribes to (useSyncExternalStore),
 * changed only by the actions below, through one reducer. The screen is drawn from it alone, so
 * that nothing the view does (a save, an undo, a discard, a reload, a list changed) replaces what
 * the editor typed: a value, the commit's branch and message, and the focus stay where they are.
 */
import { fieldName } from '../../scripts/build/field-name';
import { valueAt, withValueAt } from '../shared/values';
import type { Change, Changes, FieldConflict, Session, Standing } from '../shared/protocol';
import type { FieldPath, Model, Problem } from './api';

/** Why a write was not made: a file changed since the view read it, by another tab or on disk. */
export type Conflict = {
  file: string;
  by: 'another tab' | 'disk';
  /** The field the write was for, with the value in the file and the value typed, where known. */
  field?: FieldPath;
  theirs?: unknown;
  yours?: unknown;
};

export type { Change, FieldConflict, Session, Standing };

/** A value typed in a field, and the field's path. */
type Typed = { path: FieldPath; value: unknown };

/** What the check found in a value typed, as its save would write it: errors and reminders apart. */
type Judged = { typedIn: string; written: string; errors: Problem[]; reminders: Problem[] };

/** The branch a commit goes to, and its message, as the editor typed them. */
type CommitWords = { branch: string; message: string };

export type State = {
  /** In the editing service: who is signed in, and their changes, once asked. */
  session: Session | undefined;
  /** In the editing service: the reviewers the open change will need, by the files it changes. */
  reviewers: string[] | undefined;
  /** In the editing service: where the open change stands against main, once asked. */
  standing: Standing | undefined;
  model: Model | undefined;
  /** Each file's value as last read or saved, by export name. */
  saved: Record<string, unknown>;
  /** Each file's value as the form shows it, values typed and not saved included. */
  draft: Record<string, unknown>;
  /** The values typed and not yet saved, by field name, kept over a reload. */
  unsaved: Record<string, Typed>;
  /** Whether the files were reloaded over values typed and not saved, which wait to be saved. */
  typedOverReload: boolean;
  /**
   * Whether a commit or a proposal was stopped by values typed and not saved: the view then offers
   * to put back the values saved, so that the editor need not reload and lose the commit's message.
   */
  blockedByTyped: boolean;
  /** What the check said of the files as saved, go-live reminders among it. */
  problems: Problem[];
  /**
   * What the check warns of without refusing it (a character nobody sees, a text too long, an emoji
   * in a heading), in the files as saved or with the value last checked as typed.
   */
  warnings: Problem[];
  /**
   * The check's errors for each value typed and not saved, by the field typed in, and the field the
   * save would write (a new item's whole group, say), until the value is typed again or saved.
   */
  rejected: Record<string, { written: string; errors: Problem[] }>;
  /** The fields typed in whose value the check has not yet answered for. */
  checking: string[];
  conflict: Conflict | undefined;
  /**
   * The message of each save refused by a conflict, by the field typed in, kept at the field until
   * the value is saved or dropped: after two conflicts, each field still says why it is not saved.
   */
  conflicted: Record<string, string>;
  /** Why the server cannot be reached, while it cannot. */
  unreachable: string | undefined;
  /** A failure of the view itself, for the editor to pass on to a developer. */
  failure: string | undefined;
  /** Whether the page is being left, which stops its requests: no failure to say. */
  leaving: boolean;
  /** What the view last said in its live region, and the field it was about, if any. */
  status: { text: string; field?: string | undefined };
  changes: Changes | undefined;
  commit: CommitWords;
  /** The route of the page shown beside the form, and why none is, for a field on no page. */
  route: string | undefined;
  noPage: string | undefined;
  /** The field the editor is in, whose text the page beside outlines. */
  selected: string | undefined;
  /** The fields of the text last clicked on the page, when it is made of several. */
  choice: string[];
  /** Whether the page beside the form is open, where the window is too narrow to show it always. */
  pageOpen: boolean;
  /** The element the view moves the focus to next, by id, numbered so that the same id moves it again. */
  focus: { id: string; serial: number } | undefined;
};

export type Action =
  | { type: 'session'; session: Session }
  | { type: 'reviewers'; reviewers: string[] }
  | { type: 'standing'; standing: Standing }
  | { type: 'loaded'; model: Model; keepTyped: boolean }
  | ({ type: 'typed' } & Typed)
  | ({ type: 'checked' | 'rejected' } & Judged)
  | {
      type: 'saved';
      path: FieldPath;
      written: FieldPath;
      /** The value written, which the form may no longer show: the editor may have typed on. */
      value: unknown;
      version: string;
      problems: Problem[];
    }
  | { type: 'conflict'; conflict: Conflict }
  | { type: 'dropTyped'; field: string }
  | { type: 'blockedByTyped' }
  | { type: 'putBackTyped' }
  | { type: 'problems'; problems: Problem[] }
  | { type: 'warnings'; warnings: Problem[] }
  | { type: 'changes'; changes: Changes }
  | { type: 'say'; text: string; field?: string | undefined }
  | { type: 'unreachable'; why: string | undefined }
  | { type: 'failed'; why: string }
  | { type: 'leaving' }
  | ({ type: 'commitTyped' } & Partial<CommitWords>)
  | { type: 'committed' }
  | { type: 'showPage'; route: string | undefined; noPage?: string | undefined }
  | { type: 'select'; field: string | undefined }
  | { type: 'choice'; fields: string[] }
  | { type: 'pageOpen'; open: boolean }
  | { type: 'focus'; id: string };

/** A branch name for a new commit, from the time: content/202611270915. */
const newBranchName = () =>
  `content/${new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '')}`;

export const initialState: State = {
  session: undefined,
  reviewers: undefined,
  standing: undefined,
  model: undefined,
  saved: {},
  draft: {},
  unsaved: {},
  typedOverReload: false,
  blockedByTyped: false,
  conflicted: {},
  problems: [],
  warnings: [],
  rejected: {},
  checking: [],
  conflict: undefined,
  unreachable: undefined,
  failure: undefined,
  leaving: false,
  status: { text: '' },
  changes: undefined,
  commit: { branch: newBranchName(), message: '' },
  route: undefined,
  noPage: undefined,
  selected: undefined,
  choice: [],
  pageOpen: false,
  focus: undefined,
};

/** Whether a field is a group or list, or inside it: `a.b[1]` is within `a.b`. */
export const within = (field: string, group: string) =>
  field === group || (field.startsWith(group) && /^[.[]/.test(field.slice(group.length)));

/** A field's path from its name as the check writes it: `a.b[1].c` is ['a', 'b', 1, 'c']. */
export const pathOf = (name: string): FieldPath =>
  [...name.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, key, index]) =>
    index === undefined ? key! : Number(index),
  );

/** The files' values, by export name, with one field's value in place: a new record, as React needs. */
const withField = (files: Record<string, unknown>, path: FieldPath, value: unknown) => {
  const name = path[0] as string;
  return { ...files, [name]: withValueAt(files[name], path.slice(1), value) };
};

/** A record without the entries whose key is within a field. */
const without = <T>(record: Record<string, T>, field: string) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !within(key, field)));

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'session':
      return { ...state, session: action.session };
    case 'reviewers':
      return { ...state, reviewers: action.reviewers };
    case 'standing':
      return { ...state, standing: action.standing };
    case 'loaded': {
      const saved = Object.fromEntries(action.model.files.map(({ name, value }) => [name, value]));
      const unsaved = action.keepTyped ? state.unsaved : {};
      // The values typed and not saved go back over the files as read: nothing typed is lost.
      let draft = saved;
      for (const { path, value } of Object.values(unsaved)) draft = withField(draft, path, value);
      return {
        ...state,
        model: action.model,
        saved,
        draft,
        unsaved,
        typedOverReload: action.keepTyped && Object.keys(unsaved).length > 0,
        conflicted: action.keepTyped ? state.conflicted : {},
        rejected: action.keepTyped ? state.rejected : {},
        problems: action.model.problems,
        warnings: action.model.warnings,
        conflict: undefined,
      };
    }
    case 'typed': {
      const field = fieldName(action.path);
      return {
        ...state,
        draft: withField(state.draft, action.path, action.value),
        unsaved: { ...state.unsaved, [field]: { path: action.path, value: action.value } },
        checking: state.checking.includes(field) ? state.checking : [...state.checking, field],
      };
    }
    case 'checked':
    case 'rejected': {
      const { typedIn, written, errors } = action;
      const rejected = without(state.rejected, typedIn);
      if (errors.length > 0) rejected[typedIn] = { written, errors };
      // A status about this field that is no longer true goes.
      const stale =
        action.type === 'checked' && errors.length === 0 && state.status.field === typedIn;
      return {
        ...state,
        rejected,
        checking: state.checking.filter((field) => field !== typedIn),
        problems: [...state.problems.filter((problem) => !problem.goLive), ...action.reminders],
        status: stale ? { text: '' } : state.status,
      };
    }
    case 'saved': {
      const name = action.written[0] as string;
      const written = fieldName(action.written);
      const { value } = action;
      // What was typed after the value saved stays typed and not saved, with its check's words.
      const typedOn =
        JSON.stringify(valueAt(state.draft[name], action.written.slice(1))) !==
        JSON.stringify(value);
      const model = state.model && {
        ...state.model,
        files: state.model.files.map((file) =>
          file.name === name ? { ...file, version: action.version } : file,
        ),
        canUndo: true,
      };
      const unsaved = typedOn ? state.unsaved : without(state.unsaved, written);
      return {
        ...state,
        model,
        saved: withField(state.saved, action.written, value),
        unsaved,
        typedOverReload: state.typedOverReload && Object.keys(unsaved).length > 0,
        rejected: typedOn ? state.rejected : without(state.rejected, written),
        conflicted: without(state.conflicted, written),
        checking: typedOn
          ? state.checking
          : state.checking.filter((field) => !within(field, written)),
        problems: action.problems,
      };
    }
    case 'conflict': {
      const { conflict } = action;
      if (!conflict.field) return { ...state, conflict };
      const who = conflict.by === 'another tab' ? 'another tab of this view' : 'another program';
      const message = `Not saved: ${conflict.file} was changed in ${who} first; what you typed stays here until you save it again or keep the value in the file`;
      return {
        ...state,
        conflict,
        conflicted: { ...state.conflicted, [fieldName(conflict.field)]: message },
      };
    }
    case 'dropTyped':
      return {
        ...state,
        unsaved: without(state.unsaved, action.field),
        rejected: without(state.rejected, action.field),
        conflicted: without(state.conflicted, action.field),
      };
    case 'blockedByTyped':
      return { ...state, blockedByTyped: true };
    case 'putBackTyped': {
      // Each field typed in shows its saved value again, and nothing typed waits to be saved.
      let draft = state.draft;
      for (const { path } of Object.values(state.unsaved))
        draft = withField(draft, path, valueAt(state.saved[path[0] as string], path.slice(1)));
      return {
        ...state,
        draft,
        unsaved: {},
        rejected: {},
        checking: [],
        blockedByTyped: false,
        conflicted: {},
        typedOverReload: false,
      };
    }
    case 'problems':
      return { ...state, problems: action.problems };
    case 'warnings':
      return { ...state, warnings: action.warnings };
    case 'changes':
      return { ...state, changes: action.changes };
    case 'say':
      return { ...state, status: { text: action.text, field: action.field } };
    case 'unreachable':
      return { ...state, unreachable: action.why };
    case 'failed':
      return { ...state, failure: action.why };
    case 'leaving':
      return { ...state, leaving: true };
    case 'commitTyped':
      return { ...state, commit: { ...state.commit, ...withoutUndefined(action) } };
    case 'committed':
      return {
        ...state,
        commit: { branch: newBranchName(), message: '' },
        model: state.model && { ...state.model, canUndo: false },
      };
    case 'showPage':
      return { ...state, route: action.route ?? state.route, noPage: action.noPage };
    case 'select':
      return { ...state, selected: action.field };
    case 'choice':
      return { ...state, choice: action.fields };
    case 'pageOpen':
      return { ...state, pageOpen: action.open };
    case 'focus':
      return { ...state, focus: { id: action.id, serial: (state.focus?.serial ?? 0) + 1 } };
  }
}

/** The branch and message of a commitTyped action, where given. */
const withoutUndefined = ({ branch, message }: Partial<CommitWords>) => ({
  ...(branch !== undefined && { branch }),
  ...(message !== undefined && { message }),
});

/**
 * The store: the state, the one way to change it, and a way to hear that it changed.
 * @param unsaved The values typed and not saved before the page was reloaded, which the first
 *   reading of the files keeps over them.
 */
export function createStore(unsaved: State['unsaved'] = {}) {
  let state = { ...initialState, unsaved };
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action: Action) {
      state = reducer(state, action);
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type Store = ReturnType<typeof createStore>;
