/**
 * What the editing view does with its server: read the files, check a value as it is typed, save
 * it, undo, discard, commit, and notice a file changed outside the view. Each action changes the
 * state only through the store (state.ts), and asks the server through the typed client
 * (client.ts); its writes run one after another (write-queue.ts). The actions hold no listener and
 * no timer: the components that ask for them own those, and remove them (main.tsx, form.tsx).
 */
import { fieldName } from '../../scripts/build/field-name';
import { fieldWords } from '../../scripts/shared/field-words';
import { titleProblem, valueTooLong } from '../shared/limits';
import { valueAt } from '../shared/values';
import { CHANGED_IN_ANOTHER_TAB, type Conflict as ConflictAnswer } from '../shared/protocol';
import { inService, openChange, Unreachable, type FieldPath } from './api';
import { client, isConflict, type Written } from './client';
import { idOf } from './ids';
import { pathOf, within, type Change, type Conflict, type Store } from './state';
import { createWriteQueue } from './write-queue';

/** A conflict from the server's answer: who changed the file, and both values. */
const conflictOf = (answer: ConflictAnswer): Conflict => ({
  file: answer.file,
  by: answer.refused === CHANGED_IN_ANOTHER_TAB ? 'another tab' : 'disk',
  field: pathOf(answer.field),
  theirs: answer.theirs,
  yours: answer.yours,
});

export function createActions(store: Store) {
  const { dispatch, getState } = store;
  const model = () => getState().model!;
  const wordsOf = (path: FieldPath) => fieldWords(path, model().schema, getState().draft);
  const say = (text: string, field?: string) => dispatch({ type: 'say', text, field });
  /** A write of the editing service's not done, in the service's words where it gave some. */
  const problemOf = (answer: Written<unknown>) =>
    ('failed' in answer && answer.failed.problem) || 'the editing service failed';
  const writes = createWriteQueue();
  const afterEarlierWrites = writes.after;

  /**
   * Starts work that nothing awaits. A server that stopped is said once, in the bar, and unsaid
   * when it answers again; any other failure of the view itself is said on the page, for the editor
   * to pass on to a developer, rather than left to the browser's unhandled rejections.
   */
  const detached = (work: Promise<unknown>) =>
    void work.catch((reason: unknown) => {
      // A page being left stops its requests, which is no failure: nothing is said of them.
      if (getState().leaving) return;
      if (reason instanceof Unreachable)
        return dispatch({ type: 'unreachable', why: reason.message });
      dispatch({ type: 'failed', why: String(reason) });
    });

  /** The shortest part of a path the saved file does not hold yet: the part a save must write. */
  const savePath = (path: FieldPath): FieldPath => {
    const name = path[0] as string;
    for (let depth = 2; depth <= path.length; depth += 1)
      if (valueAt(getState().saved[name], path.slice(1, depth)) === undefined)
        return path.slice(0, Math.max(depth, 2));
    return path;
  };

  const refreshChanges = async () => {
    dispatch({ type: 'changes', changes: await client.changes() });
    // In the editing service, the reviewers the change needs follow from the files it changes.
    if (inService) {
      const { reviewers } = await client.reviewers();
      dispatch({ type: 'reviewers', reviewers });
      await loadStanding();
    }
  };

  /** In the editing service: where the open change stands against main as last fetched. */
  const loadStanding = async (fetchNow = false) => {
    const standing = await client.standing(fetchNow);
    if (standing) dispatch({ type: 'standing', standing });
  };

  /** In the editing service: who is signed in, and their changes. */
  const loadSession = async (fetchNow = false) => {
    dispatch({ type: 'session', session: await client.session(fetchNow) });
  };

  /** Reads the files; the values typed and not saved stay over them where `keepTyped`. */
  const load = async (keepTyped: boolean) => {
    dispatch({ type: 'loaded', model: await client.content(), keepTyped });
    await refreshChanges();
  };

  /** The check's words for a value as typed, without saving it. */
  const check = async (path: FieldPath) => {
    const target = savePath(path);
    const name = path[0] as string;
    const value = valueAt(getState().draft[name], target.slice(1));
    const data = await client.check(target, value);
    // A value typed again since is checked again: this answer is not for what the form shows.
    if (!data || valueAt(getState().draft[name], target.slice(1)) !== value) return;
    dispatch({
      type: 'checked',
      typedIn: fieldName(path),
      written: fieldName(target),
      errors: data.problems.filter((problem) => !problem.goLive),
      reminders: data.problems.filter((problem) => problem.goLive),
    });
    dispatch({ type: 'warnings', warnings: data.warnings });
  };

  /**
   * Saves a value the check refused alone together with every other value typed and not saved,
   * if the check accepts them all at once.
   * @returns Whether they were saved.
   */
  const savedTogether = async (path: FieldPath, target: FieldPath, value: unknown) => {
    const field = fieldName(path);
    const others = Object.values(getState().unsaved)
      .filter((typed) => !within(fieldName(typed.path), field))
      .map((typed) => {
        const written = savePath(typed.path);
        const draft = getState().draft[typed.path[0] as string];
        return { path: typed.path, target: written, value: valueAt(draft, written.slice(1)) };
      });
    if (others.length === 0) return false;
    const all = [{ path, target, value }, ...others];
    const versionOf = (at: FieldPath) => model().files.find((f) => f.name === at[0])!.version;
    const answer = await client.saveTogether(
      all.map((save) => ({
        field: save.target,
        value: save.value,
        version: versionOf(save.target),
      })),
    );
    if (!('done' in answer)) return false;
    const data = answer.done;
    for (const save of all)
      dispatch({
        type: 'saved',
        path: save.path,
        written: save.target,
        value: save.value,
        version: data.versions[save.path[0] as string]!,
        problems: data.problems,
      });
    dispatch({ type: 'warnings', warnings: data.warnings });
    say(
      `Saved together, as the check accepts them only together: ${all.map((save) => wordsOf(save.path)).join('; ')}`,
    );
    await refreshChanges();
    return true;
  };

  /**
   * Saves a value into its file, unless the check rejects it or the file changed.
   * @param fileValue The file's value as the form showed it when the editor asked for the save
   *   (left the field, pressed Enter): what is saved, even if they typed on before its turn came.
   */
  const saveNow = async (path: FieldPath, fileValue: unknown) => {
    const field = fieldName(path);
    // A value saved already (the field left twice) has nothing left to save.
    if (!Object.keys(getState().unsaved).some((typed) => within(typed, field))) return;
    const target = savePath(path);
    const name = path[0] as string;
    const value = valueAt(fileValue, target.slice(1));
    const file = model().files.find((f) => f.name === name)!;
    // Over the service's own limit, a value is refused here, at its field, and never sent.
    const tooLong = inService ? valueTooLong(value) : undefined;
    if (tooLong) {
      dispatch({
        type: 'rejected',
        typedIn: field,
        written: fieldName(target),
        errors: [{ file: file.file, field, message: tooLong, line: 0, column: 0 }],
        reminders: [],
      });
      return say(`Not saved: ${wordsOf(path)} — see the message at the field`, field);
    }
    const answer = await client.save(target, value, file.version);
    const refusal = 'refused' in answer ? answer.refused : undefined;
    if (refusal && isConflict(refusal)) {
      dispatch({ type: 'conflict', conflict: conflictOf(refusal) });
      say(
        `Not saved: ${refusal.file} changed ${refusal.refused === CHANGED_IN_ANOTHER_TAB ? 'in another tab of this view' : 'on disk'}`,
      );
      return dispatch({ type: 'focus', id: 'reload' });
    }
    // A value the check accepts only with another typed and not saved yet (a navigation item's id
    // renamed, and the page that names it) is saved with it, as one save, when the two together
    // pass: neither could be saved first.
    if (refusal?.refused === 'check' && (await savedTogether(path, target, value))) return;
    if (refusal?.refused === 'check') {
      const errors = refusal.problems.filter((problem) => !problem.goLive);
      dispatch({
        type: 'rejected',
        typedIn: field,
        written: fieldName(target),
        errors,
        reminders: refusal.problems.filter((problem) => problem.goLive),
      });
      // Where the messages are: at this field, or at the other fields of the new item it is in.
      const elsewhere = [
        ...new Set(
          errors
            .map((error) => error.field)
            .filter((at) => within(at, fieldName(target)) && !within(at, field)),
        ),
      ];
      const at =
        elsewhere.length === 0
          ? 'the field'
          : elsewhere.map((at) => wordsOf(pathOf(at))).join('; ');
      return say(`Not saved: ${wordsOf(path)} — see the message at ${at}`, field);
    }
    // A refusal in words (too long, too large to send, the audit log out of order) is said as it is.
    const problem =
      refusal?.refused === 'too long'
        ? refusal.problem
        : 'failed' in answer && answer.failed.problem;
    if (problem)
      return say(
        `Not saved: ${wordsOf(path)}: ${problem}. What you typed stays in the field`,
        field,
      );
    // Anything else is the editor's own failure, which no message at the field explains.
    if (!('done' in answer))
      return say(
        `Not saved: ${wordsOf(path)}. The editing view failed (${'failed' in answer ? (answer.failed.error ?? answer.status) : `${refusal!.refused}`}): tell a developer; what you typed stays in the field`,
      );
    const data = answer.done;
    dispatch({
      type: 'saved',
      path,
      written: target,
      value,
      version: data.version,
      problems: data.problems,
    });
    dispatch({ type: 'warnings', warnings: data.warnings });
    say(`Saved ${wordsOf(path)} in ${file.file}`);
    await refreshChanges();
  };

  /**
   * A field's value changed: it is typed, and saved where the editor left the field (`save`). The
   * check of a value as it is typed is the field's to ask for (`checkTyped`), once typing pauses.
   */
  const edited = (path: FieldPath, value: unknown, save: boolean) => {
    if (!save || valueAt(getState().draft[path[0] as string], path.slice(1)) !== value)
      dispatch({ type: 'typed', path, value });
    const fileValue = getState().draft[path[0] as string];
    if (save) detached(afterEarlierWrites(() => saveNow(path, fileValue)));
  };

  /** Asks the check about a field's value as typed, without saving it. */
  const checkTyped = (path: FieldPath) => detached(check(path));

  /**
   * A list was changed (an item added, removed or moved): the focus goes where the editor acted,
   * and the list is saved, except after an item was added, which is saved once it is filled in.
   * @param focus The id of the element to give the focus to; none, for the new item's first field.
   */
  const listChanged = (
    path: FieldPath,
    list: unknown[],
    what: string,
    focus: string | undefined,
  ) => {
    dispatch({ type: 'typed', path, value: list });
    say(what);
    if (focus) {
      dispatch({ type: 'focus', id: focus });
      const fileValue = getState().draft[path[0] as string];
      return detached(afterEarlierWrites(() => saveNow(path, fileValue)));
    }
    dispatch({ type: 'focus', id: `first-of-${fieldName([...path, list.length - 1])}` });
  };

  /** Saves each value typed and not saved, one after another. */
  const saveAllTyped = () =>
    detached(
      (async () => {
        for (const { path } of Object.values(getState().unsaved))
          await afterEarlierWrites(() => saveNow(path, getState().draft[path[0] as string]));
      })(),
    );

  const undo = () =>
    detached(
      afterEarlierWrites(async () => {
        const answer = await client.undo();
        if ('refused' in answer && isConflict(answer.refused)) {
          dispatch({ type: 'conflict', conflict: conflictOf(answer.refused) });
          return say(`Not undone: ${answer.refused.file} changed since this tab saved it`);
        }
        await load(true);
        if (!('done' in answer))
          return say(
            `Not undone: ${('failed' in answer && (answer.failed.problem ?? answer.failed.error)) || 'the editing view failed'}`,
          );
        say(
          answer.done.undone
            ? `This tab's last save, ${answer.done.field} in ${answer.done.undone}, was undone`
            : 'This tab has no save to undo',
        );
      }),
    );

  /** Puts a field back to its value in the last commit, through the same check as a save. */
  const discard = (change: Change) =>
    detached(
      afterEarlierWrites(async () => {
        const name = change.field[0] as string;
        const file = model().files.find((f) => f.name === name)!;
        const answer = await client.discard(change.field, file.version);
        const refusal = 'refused' in answer ? answer.refused : undefined;
        if (refusal && isConflict(refusal)) {
          dispatch({ type: 'conflict', conflict: conflictOf(refusal) });
          return say(`Not discarded: ${refusal.file} changed since this view read it`);
        }
        if (!('done' in answer)) {
          dispatch({
            type: 'problems',
            problems: refusal?.refused === 'check' ? refusal.problems : [],
          });
          return say(`Not discarded: ${change.words} — see the message at the field`);
        }
        dispatch({ type: 'dropTyped', field: fieldName(change.field) });
        await load(true);
        say(`The change to ${change.words} was discarded: Undo the last save brings it back`);
        // The button went with the change: the focus goes to the field, back as it was committed.
        dispatch({ type: 'focus', id: idOf(change.field) });
      }),
    );

  /**
   * Stops a commit or a proposal while values are typed and not saved: only what is saved goes, and
   * a value typed would be left out unsaid. Names each value, and offers to put back what is saved.
   * @param not What did not happen ("Not committed").
   * @param then What to do once each value is saved or put back, and what is kept.
   * @returns Whether it stopped it.
   */
  const stoppedByTyped = (not: string, then: string) => {
    const pending = Object.values(getState().unsaved).map(({ path }) => wordsOf(path));
    if (pending.length === 0) return false;
    dispatch({ type: 'blockedByTyped' });
    const one = pending.length === 1;
    say(
      `${not}: ${pending.join('; ')} ${one ? 'is' : 'are'} typed and not saved. Correct ${one ? 'it' : 'them'} until saved, or put back what is saved, then ${then}`,
    );
    return true;
  };

  /** Commits what is saved to a new branch, with the editor's message. */
  const commit = () =>
    detached(
      afterEarlierWrites(async () => {
        if (stoppedByTyped('Not committed', 'commit. Your message stays.')) return;
        const { branch, message } = getState().commit;
        const answer = await client.commit(branch, message);
        if (!('done' in answer))
          return say(
            `Not committed: ${('failed' in answer && answer.failed.problem) || 'git failed'}`,
          );
        dispatch({ type: 'committed' });
        say(
          `Committed to the new branch ${answer.done.branch}: docs/editing.md says how to propose it as a pull request`,
        );
        await refreshChanges();
      }),
    );

  /**
   * In the editing service: proposes the open change, as it is saved, for review. Like a commit,
   * only what is saved goes, so a value typed and not saved is named and stops it.
   */
  const propose = () =>
    detached(
      afterEarlierWrites(async () => {
        if (stoppedByTyped('Not proposed', 'propose.')) return;
        const answer = await client.propose();
        if (!('done' in answer)) {
          say(`Not proposed: ${problemOf(answer)}`);
          await Promise.all([refreshChanges(), loadSession()]);
          return;
        }
        // As after a commit, Undo has nothing left to take back: the saves are proposed.
        dispatch({ type: 'committed' });
        say(
          `Proposed for review, on the branch ${answer.done.branch}: a workflow opens its pull request on GitHub within a minute or two, for the reviewers to approve before it is published`,
        );
        await Promise.all([load(true), loadSession()]);
      }),
    );

  /**
   * In the editing service: keeps one value of a field that main changed too (`yours`, or main's),
   * then reads the files again, as the change may have been brought up to date with main.
   */
  const keep = (field: FieldPath, keep: 'yours' | 'main', words: string) =>
    detached(
      afterEarlierWrites(async () => {
        const answer = await client.keep(field, keep);
        if (!('done' in answer)) say(`Not kept: ${problemOf(answer)}`);
        else
          say(
            keep === 'yours'
              ? `${words} keeps your value over main's`
              : `${words} takes main's value; yours was dropped`,
          );
        await Promise.all([load(true), loadSession()]);
      }),
    );

  /** In the editing service: brings the open change up to date with main, on the editor's word. */
  const update = () =>
    detached(
      afterEarlierWrites(async () => {
        const answer = await client.update();
        say(
          'done' in answer
            ? 'The change was brought up to date with main'
            : `Not brought up to date: ${problemOf(answer)}`,
        );
        await Promise.all([load(true), loadSession()]);
      }),
    );

  /** In the editing service: compares the open change, or every change, with main as it is now. */
  const compareNow = () =>
    detached(
      (async () => {
        await (openChange ? loadStanding(true) : loadSession(true));
        say('Compared with main as it is now');
      })(),
    );

  /**
   * In the editing service: abandons the open change, once the editor confirms it, and goes back
   * to the list of their changes.
   */
  const abandon = (title: string) =>
    detached(
      afterEarlierWrites(async () => {
        if (
          !confirm(
            `Abandon the change “${title}”? What it saved is lost, and its pull request, if it has one, is closed.`,
          )
        )
          return;
        const answer = await client.abandon();
        if (!('done' in answer))
          return say(
            `Not abandoned: ${('failed' in answer && answer.failed.error) || 'it failed'}`,
          );
        location.assign('/');
      }),
    );

  /** In the editing service: starts a change, and opens it, in this tab. */
  const startChange = (title: string) =>
    detached(
      (async () => {
        const problem = titleProblem(title);
        if (problem) return say(`Not started: ${problem}`);
        const answer = await client.start(title);
        if (!('done' in answer)) {
          const failed = 'failed' in answer ? answer.failed : {};
          return say(
            `Not started: ${failed.problem ?? failed.error ?? 'the editing service failed'}`,
          );
        }
        location.assign(`/?change=${encodeURIComponent(answer.done.id)}`);
      })(),
    );

  /**
   * Reads the files again after a conflict, keeping what was typed over them, after the writes
   * before it: the save of the field the editor left to press the button is answered first.
   */
  const reload = () =>
    detached(
      afterEarlierWrites(async () => {
        await load(true);
        say('The files were reloaded; what you typed is in the form, not saved yet');
        // The button went with the alert: the focus goes to the first value typed and not saved.
        const [typed] = Object.values(getState().unsaved);
        if (typed) dispatch({ type: 'focus', id: idOf(typed.path) });
      }),
    );

  /** After a conflict over one field: the value in the file stays, and the one typed goes. */
  const keepTheirs = (field: FieldPath) =>
    detached(
      (async () => {
        dispatch({ type: 'dropTyped', field: fieldName(field) });
        await load(true);
        say(
          `${wordsOf(field)} keeps the value saved in its file; what you typed there was dropped`,
        );
      })(),
    );

  /** After a conflict over one field: the files are read again, and the value typed is saved over. */
  const keepYours = (field: FieldPath) =>
    detached(
      (async () => {
        await load(true);
        await afterEarlierWrites(() => saveNow(field, getState().draft[field[0] as string]));
      })(),
    );

  /**
   * Compares each file's version on disk with the one the form was read from, and says where a
   * file changed outside this tab. It runs between writes, so that this tab's own save is never
   * taken for someone else's.
   */
  const noticeChanges = () =>
    detached(
      afterEarlierWrites(async () => {
        const state = getState();
        if (state.conflict || !state.model) return;
        const data = await client.versions();
        if (getState().unreachable) dispatch({ type: 'unreachable', why: undefined });
        const changed = state.model.files.find((file) => data.versions[file.name] !== file.version);
        if (!changed) return;
        const by = data.byAnotherTab.includes(changed.name) ? 'another tab' : 'disk';
        dispatch({ type: 'conflict', conflict: { file: changed.file, by } });
      }),
    );

  /** Moves to a field of the form, as a click on its text in the page asks. */
  const focusField = (field: string) => {
    // Where the page beside is opened over the form (a narrow window), it closes to show the field.
    dispatch({ type: 'pageOpen', open: false });
    dispatch({ type: 'focus', id: idOf(field) });
    say(`${wordsOf(pathOf(field))}: selected from the page`);
  };

  /**
   * Whether the view has files to read: the editing service's list of changes has none until a
   * change is opened.
   */
  const readsFiles = !inService || openChange !== undefined;

  /** Starts the view: reads the files; the view then looks for changes made outside it (main.tsx). */
  const start = () => {
    if (inService) detached(loadSession());
    if (readsFiles) detached(load(Object.keys(getState().unsaved).length > 0));
  };

  /** Runs a write in its turn, after the writes before it (a picture sent: picture-upload.tsx). */
  const inTurn = (write: () => Promise<void>) => detached(afterEarlierWrites(write));

  return {
    start,
    readsFiles,
    noticeChanges,
    edited,
    checkTyped,
    inTurn,
    listChanged,
    saveAllTyped,
    undo,
    discard,
    commit,
    propose,
    keep,
    update,
    compareNow,
    abandon,
    startChange,
    reload,
    keepTheirs,
    keepYours,
    focusField,
    say,
    dispatch,
  };
}

export type Actions = ReturnType<typeof createActions>;
