/**
 * The editing service's parts of the view (service/server.ts): who is signed in, their changes
 * (each a workspace and a branch of its own) with the form that starts one, and proposing the open
 * change for review, with the reviewers it will need. npm run edit's view has none of them.
 */
import { useContext, useState, type FormEvent } from 'react';
import { openChange } from './api';
import { ViewContext } from './context';

/** Where a change stands, in the editor's words. */
function standing(change: { proposed: boolean; merged: boolean }) {
  if (change.merged) return 'approved and merged: the site shows it after the next deploy';
  if (change.proposed) return 'proposed for review';
  return 'not proposed yet';
}

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
        {session?.changes.length === 0 && <p>You have started no change yet.</p>}
        {session && session.changes.length > 0 && (
          <ul>
            {session.changes.map((change) => (
              <li key={change.id}>
                <a href={`/?change=${encodeURIComponent(change.id)}`}>{change.title}</a>
                {`: ${standing(change)}`}
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
  const change = session?.changes.find(({ id }) => id === openChange);
  return (
    <p className="signed-in">
      {session && `Signed in as ${session.person.name}. `}
      {change && `Editing the change “${change.title}” (${standing(change)}). `}
      <a href="/">All your changes</a>
    </p>
  );
}

/** Proposing the open change: the reviewers it will need, then the button; or abandoning it. */
export function Propose() {
  const { state, actions } = useContext(ViewContext);
  const reviewers = state.reviewers;
  const title = state.session?.changes.find(({ id }) => id === openChange)?.title ?? '';
  return (
    <div className="commit">
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
