/**
 * The editing service's parts of the view (service/server.ts): who is signed in, their changes
 * (each a workspace and a branch of its own) with the form that starts one, and proposing the open
 * change for review, with the reviewers it will need. npm run edit's view has none of them.
 */
import { useContext, useState, type FormEvent } from 'react';
import type { MainFetched, Session, Standing } from '../shared/protocol';
import { inWords } from '../shared/values';
import { openChange } from './api';
import { ViewContext } from './context';

/** Where a change stands, in the editor's words. */
function standing(change: Standing) {
  if (change.review === 'merged')
    return 'approved and merged: the site shows it after the next deploy';
  if (change.review === 'closed')
    return 'closed without being merged: its branch was deleted on GitHub';
  const review =
    change.review === 'proposed'
      ? `proposed for review${change.unproposed ? ', with saves not proposed yet' : ''}`
      : 'not proposed yet';
  if (change.main === 'conflict')
    return `${review}; in conflict with main, which changed ${change.conflicts.length === 1 ? 'a field' : `${change.conflicts.length} fields`} you changed too`;
  if (change.main === 'behind')
    return `${review}; behind main, which changed since: brought up to date when you propose it`;
  return review;
}

/** How long ago main was fetched, in words: "12 seconds ago", "3 minutes ago". */
function ago(time: string) {
  const seconds = Math.max(0, Math.round((Date.now() - Date.parse(time)) / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'} ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} minutes ago`;
  return `at ${new Date(time).toLocaleString('en-GB')}`;
}

/**
 * When main was fetched, and whether the bank's repository answered then, with a way to look again:
 * for the editor's changes, or for the open change.
 */
function ComparedWithMain({ fetched: { fetchedAt, reachable } }: { fetched: MainFetched }) {
  const { actions } = useContext(ViewContext);
  return (
    <p>
      {reachable
        ? `Compared with main as fetched ${ago(fetchedAt)}.`
        : `The bank's repository cannot be reached just now: compared with main as last fetched ${ago(fetchedAt)}.`}{' '}
      <button type="button" onClick={actions.compareNow}>
        Compare with main now
      </button>
    </p>
  );
}

/** The change open in this tab, among the signed-in editor's. */
const changeOpen = (session: Session | undefined) =>
  session?.changes.find(({ id }) => id === openChange);

/** The page of an editor's changes, when none is open: each with where it stands, and a new one. */
export function YourChanges() {
  const { state, actions } = useContext(ViewContext);
  const [title, setTitle] = useState('');
  const session = state.session;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actions.startChange(title);
  };
  return (
    <>
      <h1>Edit the site&apos;s words</h1>
      {session && (
        <p>
          Signed in as {session.person.name} ({session.person.email}).
        </p>
      )}
      {state.unreachable && <p role="alert">{state.unreachable}</p>}
      <section aria-labelledby="your-changes-heading" className="your-changes">
        <h2 id="your-changes-heading">Your changes</h2>
        {session && session.changes.length > 0 && <ComparedWithMain fetched={session} />}
        {session?.changes.length === 0 && <p>You have started no change yet.</p>}
        {session && session.changes.length > 0 && (
          <ul>
            {session.changes.map((change) => (
              <li key={change.id}>
                <a href={`/?change=${encodeURIComponent(change.id)}`}>{change.title}</a>
                {`: ${standing(change.standing)}`}
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={onSubmit}>
          <label htmlFor="change-title">A new change, in a few words</label>
          <p id="change-title-help" className="help">
            For example: New opening hours. Each change is reviewed on its own, and other editors
            neither see nor change it.
          </p>
          <input
            id="change-title"
            aria-describedby="change-title-help"
            autoComplete="off"
            required
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
          <button type="submit">Start the change</button>
        </form>
      </section>
      <p id="status" role="status" className="status">
        {state.status.text}
      </p>
    </>
  );
}

/** The line above the bar: who is signed in, the change open, and the way back to the others. */
export function SignedIn() {
  const { state } = useContext(ViewContext);
  const session = state.session;
  const change = changeOpen(session);
  return (
    <p className="signed-in">
      {session && `Signed in as ${session.person.name}. `}
      {change &&
        `Editing the change “${change.title}” (${standing(state.standing ?? change.standing)}). `}
      <a href="/">All your changes</a>
    </p>
  );
}

/**
 * Where the open change stands against main: when main was fetched, with a way to look again; the
 * fields in conflict, each with main's value and the editor's and a choice between them; a way to
 * bring a change that is behind up to date; and its pull request, once proposed.
 */
function WhereItStands() {
  const { state, actions } = useContext(ViewContext);
  const standing = state.standing;
  if (!standing) return null;
  return (
    <section aria-labelledby="standing-heading" className="standing">
      <h3 id="standing-heading">Where this change stands</h3>
      <ComparedWithMain fetched={standing} />
      {standing.main === 'behind' && (
        <p>
          Main changed since this change started, in fields it does not change: it is brought up to
          date when you propose it, or now.{' '}
          <button type="button" onClick={actions.update}>
            Bring up to date now
          </button>
        </p>
      )}
      {standing.conflicts.length > 0 && (
        <div role="alert" className="conflict">
          <p>
            Main changed {standing.conflicts.length === 1 ? 'a field' : 'fields'} that you changed
            too, since this change started. Choose whose value to keep before proposing:
          </p>
          <ul>
            {standing.conflicts.map((conflict) => (
              <li key={conflict.words}>
                <strong>{conflict.words}</strong>
                <dl className="both-values">
                  <dt>On main now</dt>
                  <dd>{inWords(conflict.main)}</dd>
                  <dt>Yours</dt>
                  <dd>{inWords(conflict.yours)}</dd>
                  <dt>When your change started</dt>
                  <dd>{inWords(conflict.was)}</dd>
                </dl>
                <button
                  type="button"
                  onClick={() => actions.keep(conflict.field, 'yours', conflict.words)}
                >
                  Keep yours for {conflict.words}
                </button>
                <button
                  type="button"
                  onClick={() => actions.keep(conflict.field, 'main', conflict.words)}
                >
                  Keep main&apos;s for {conflict.words}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {standing.pullRequest && (
        <p>
          <a href={standing.pullRequest}>Its pull request on GitHub</a>
          {standing.review === 'proposed'
            ? ': the reviewers approve it, or ask for changes, there.'
            : '.'}
        </p>
      )}
    </section>
  );
}

/** Proposing the open change: the reviewers it will need, then the button; or abandoning it. */
export function Propose() {
  const { state, actions } = useContext(ViewContext);
  const reviewers = state.reviewers;
  const title = changeOpen(state.session)?.title ?? '';
  return (
    <div className="commit">
      <WhereItStands />
      <p id="reviewers">
        {reviewers === undefined || reviewers.length === 0
          ? 'Once proposed, the change waits for a reviewer’s approval before it is published.'
          : `Once proposed, the change waits for approval by ${reviewers.join(' and ')} before it is published; nobody approves their own change.`}
      </p>
      <button type="button" aria-describedby="reviewers" onClick={actions.propose}>
        Propose the change for review
      </button>
      <button type="button" onClick={() => actions.abandon(title)}>
        Abandon this change
      </button>
    </div>
  );
}
