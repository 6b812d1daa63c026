/**
 * The editing view: the bar at the top (what happened, Undo, the page beside the form, alerts),
 * the changes since the last commit with the form that commits them, the files' navigation, the
 * form, and the page beside it. Everything drawn here is drawn from the state (state.ts).
 */
import { useContext, useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { fieldWords, optionFor } from '../../scripts/shared/field-words';
import { changeInWords } from '../shared/change-words';
import { inWords, isGroup } from '../shared/values';
import { inService, openChange } from './api';
import { ViewContext } from './context';
import { FormFor, Messages } from './form';
import {
  fieldsInPageOrderOf,
  FIRST_CHOICE,
  mainFileOf,
  PageBeside,
  pageOf,
  pagesForEditors,
  usePageOverForm,
} from './page-beside';
import { Propose, SignedIn, YourChanges } from './service';
import { fieldsOfText } from './text-fields';
import { pathOf, type Change, type State } from './state';

/** The alert of a conflict: what changed, by whom, both values, and the editor's choices. */
function ConflictAlert() {
  const { state, actions } = useContext(ViewContext);
  const conflict = state.conflict!;
  const model = state.model!;
  const who =
    conflict.by === 'another tab'
      ? 'was saved from another tab of this view'
      : 'changed on disk since this tab read it, in another program';
  return (
    <div className="conflict" role="alert">
      <p>
        {conflict.file} {who}. Nothing was overwritten. Reload the files to go on; what you typed
        stays in the form.
      </p>
      {conflict.field && (
        <dl className="both-values">
          <dt>In the file now, {fieldWords(conflict.field, model.schema, state.draft)}</dt>
          <dd>{inWords(conflict.theirs)}</dd>
          <dt>What you typed</dt>
          <dd>{inWords(conflict.yours)}</dd>
        </dl>
      )}
      <div className="conflict-choices">
        <button type="button" id="reload" onClick={actions.reload}>
          Reload the files
        </button>
        {conflict.field && (
          <>
            <button type="button" onClick={() => actions.keepYours(conflict.field!)}>
              Keep what you typed
            </button>
            <button type="button" onClick={() => actions.keepTheirs(conflict.field!)}>
              Keep the value in the file
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/** The bar at the top of the window: the status, Undo, the page beside the form, and any alert. */
function Bar() {
  const { state, actions } = useContext(ViewContext);
  const model = state.model!;
  const pending = Object.values(state.unsaved);
  const bar = useRef<HTMLDivElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  // A message longer than the line it has is cut with an ellipsis; the editor can open it whole,
  // and each new message starts on its line again, cut if it must be.
  const [cut, setCut] = useState(false);
  const [wholeText, setWholeText] = useState<string | undefined>();
  const whole = wholeText === state.status.text;
  useEffect(() => {
    const line = status.current!;
    const root = document.documentElement.style;
    const measure = () => setCut(line.scrollWidth > line.clientWidth);
    // Where the bar ends in the window, kept in --bar-bottom, is where the page opened over the
    // form starts (view.css): under the bar, also before the bar has reached the window's top.
    const placed = () =>
      root.setProperty(
        '--bar-bottom',
        `${Math.max(0, bar.current!.getBoundingClientRect().bottom)}px`,
      );
    // The bar's height, kept in --bar-height, keeps a field given the focus from sliding under it.
    const resizes = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? 0;
      root.setProperty('--bar-height', `${height}px`);
      placed();
      measure();
    });
    resizes.observe(bar.current!);
    addEventListener('scroll', placed, { passive: true });
    const messages = new MutationObserver(measure);
    messages.observe(line, { childList: true, characterData: true, subtree: true });
    return () => {
      resizes.disconnect();
      removeEventListener('scroll', placed);
      messages.disconnect();
    };
  }, []);
  const alerts =
    (!state.conflict && !state.unreachable && state.typedOverReload && pending.length > 0) ||
    (!state.conflict && state.blockedByTyped && pending.length > 0) ||
    state.conflict ||
    state.unreachable;
  return (
    <div className={`bar${whole ? ' whole' : ''}`} ref={bar}>
      {/* On a narrow window or with large text, the buttons show their first word; their names,
          which a screen reader says and a voice command uses, stay whole. */}
      <div className="toolbar">
        <button type="button" onClick={actions.undo} disabled={!model.canUndo}>
          Undo<span className="longer"> the last save</span>
        </button>
        <button
          type="button"
          id="open-page"
          className="open-page"
          aria-expanded={state.pageOpen}
          aria-controls="page-beside"
          onClick={() => actions.dispatch({ type: 'pageOpen', open: !state.pageOpen })}
        >
          {state.pageOpen ? 'Close' : 'Show'}
          <span className="longer"> the</span> page
        </button>
      </div>
      <p id="status" role="status" className="status" ref={status}>
        {state.status.text}
      </p>
      {(cut || whole) && (
        <button
          type="button"
          className="whole-message"
          aria-expanded={whole}
          aria-controls="status"
          aria-label="Show the whole message"
          onClick={() => setWholeText(whole ? undefined : state.status.text)}
        >
          <span aria-hidden="true">{whole ? '\u2191' : '\u2026'}</span>
        </button>
      )}
      {/* What asks the editor to act takes lines of its own under the bar's line, read whole. */}
      {alerts && (
        <div className="bar-alerts">
          {/* After a reload, the values typed and not saved wait for the editor to save them. */}
          {!state.conflict && !state.unreachable && state.typedOverReload && pending.length > 0 && (
            <button type="button" onClick={actions.saveAllTyped}>
              Save what you typed (
              {pending.map(({ path }) => fieldWords(path, model.schema, state.draft)).join('; ')})
            </button>
          )}
          {/* A commit or a proposal stopped by values typed: they can go, with nothing else. */}
          {!state.conflict && state.blockedByTyped && pending.length > 0 && (
            <button type="button" onClick={() => actions.dispatch({ type: 'putBackTyped' })}>
              Put back what is saved (
              {pending.map(({ path }) => fieldWords(path, model.schema, state.draft)).join('; ')})
            </button>
          )}
          {state.conflict && <ConflictAlert />}
          {state.unreachable && (
            <p className="conflict" role="alert">
              {state.unreachable}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * A field's change in words (editor/shared/change-words.ts): its value once, the words removed and
 * added marked where they stand, and said as such to a screen reader, which reads no mark.
 */
function ChangedWords({ change }: { change: Change }) {
  return changeInWords(change).parts.map(({ text, change: how }, i) =>
    how === 'removed' ? (
      <del key={i}>
        <span className="site-visually-hidden">(removed: </span>
        {text}
        <span className="site-visually-hidden">)</span>
      </del>
    ) : how === 'added' ? (
      <ins key={i}>
        <span className="site-visually-hidden">(added: </span>
        {text}
        <span className="site-visually-hidden">)</span>
      </ins>
    ) : (
      text
    ),
  );
}

/**
 * The changes since the last commit, each with its discard, and the form that commits them.
 * @param covered Whether the page beside is open over it, which then takes the keyboard.
 */
function Changes({ covered }: { covered: boolean }) {
  const { state, actions } = useContext(ViewContext);
  const { changes } = state;
  return (
    <section id="changes" className="changes" aria-labelledby="changes-heading" inert={covered}>
      <h2 id="changes-heading">
        {inService ? 'What this change changes' : 'Changes since the last commit'}
      </h2>
      <div id="changes-list">
        {changes && !changes.repository && (
          <p>The project is not a git repository of its own: changes are saved, not listed.</p>
        )}
        {changes?.repository && changes.changes.length === 0 && (
          <p>
            {inService
              ? 'Nothing has changed yet: the form shows the site as published.'
              : 'Nothing has changed since the last commit.'}
          </p>
        )}
        {changes?.repository && changes.changes.length > 0 && (
          <ul>
            {changes.changes.map((change) => (
              <li className="change" key={change.words}>
                <span className="change-field">{change.words}</span>
                <span>
                  {': '}
                  <ChangedWords change={change} />{' '}
                </span>
                <button type="button" onClick={() => actions.discard(change)}>
                  Discard the change to {change.words}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {inService ? (
        <Propose />
      ) : (
        <div className="commit">
          <label htmlFor="commit-branch">New branch</label>
          <p id="commit-from" className="help">
            {changes?.branch
              ? `The new branch starts from ${changes.branch}, the branch the project is on, and holds what was committed there too.`
              : ''}
          </p>
          <input
            id="commit-branch"
            aria-describedby="commit-from"
            autoComplete="off"
            value={state.commit.branch}
            onChange={(event) =>
              actions.dispatch({ type: 'commitTyped', branch: event.target.value })
            }
          />
          <label htmlFor="commit-message">What you changed, in a sentence</label>
          <textarea
            id="commit-message"
            rows={2}
            value={state.commit.message}
            onChange={(event) =>
              actions.dispatch({ type: 'commitTyped', message: event.target.value })
            }
          />
          <button type="button" onClick={actions.commit}>
            Commit the changes to a new branch
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * The files in the order an editor looks for them: the files of the site's pages, the page editors
 * change most first (pagesForEditors), then the files every page shares.
 */
function filesInVisitorOrder(state: State) {
  const model = state.model!;
  const order = pagesForEditors(state)
    .filter((page) => !page.handler)
    .map((page) => mainFileOf(model, page));
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return [...model.files].sort((a, b) => rank(a.name) - rank(b.name));
}

export function EditingView() {
  const { state, actions } = useContext(ViewContext);
  const model = state.model;
  // On a narrow window, the page opened over the form takes the keyboard: what it covers is inert,
  // so that Tab goes from the bar into the page, never to a field out of sight under it.
  const covered = usePageOverForm();
  // Each file's fields in the order its page shows them, as the files were read: a field does not
  // move while the editor types in it.
  const saved = state.saved;
  const fieldsInPageOrder = useMemo(
    () =>
      new Map(
        (model?.files ?? []).map(({ name }) => [name, fieldsInPageOrderOf(model!, saved, name)]),
      ),
    [model, saved],
  );

  // The focus goes where an action asked: by id, or to the first field of a new item.
  useEffect(() => {
    if (!state.focus) return;
    const { id } = state.focus;
    const element = id.startsWith('first-of-')
      ? document
          .querySelector(`[data-field="${CSS.escape(id.slice('first-of-'.length))}"]`)
          ?.querySelector<HTMLElement>('input, textarea, select')
      : document.getElementById(id);
    element?.focus();
  }, [state.focus]);

  // The editing service shows the editor's changes until one is open.
  if (inService && !openChange) return <YourChanges />;

  if (!model)
    return (
      <>
        <h1>Edit the site&apos;s words</h1>
        {/* A view that cannot read the files says why, in place of a wait that would never end. */}
        {state.unreachable ? (
          <p role="alert">{state.unreachable}</p>
        ) : (
          <p>Loading the content files…</p>
        )}
      </>
    );

  const wordsOf = (name: string) => fieldWords(pathOf(name), model.schema, state.draft);
  const files = filesInVisitorOrder(state);

  // The field the editor moves to shows on the page beside the form, outlined.
  const onFocus = (event: FocusEvent) => {
    const field = (event.target as Element).closest('[data-field]')?.getAttribute('data-field');
    if (!field || field === state.selected) return;
    const route = pageOf(state, field);
    actions.dispatch({
      type: 'showPage',
      route,
      noPage: route
        ? undefined
        : `${wordsOf(field.split(/[.[]/)[0]!)} appears on no page of the site.`,
    });
    actions.dispatch({ type: 'select', field });
  };

  // The page beside follows the file chosen: the page it is mostly about, else one it is on.
  const showFile = (name: string) => {
    const pages = model.pages.filter((page) => page.contentFiles.includes(name));
    const route = (pages.find((page) => mainFileOf(model, page) === name) ?? pages[0])?.route;
    actions.dispatch({
      type: 'showPage',
      route,
      noPage: route ? undefined : `${wordsOf(name)} appears on no page of the site.`,
    });
  };

  const onClickText = (tags: string[], text: string) => {
    const fields = fieldsOfText(state, tags, text);
    actions.dispatch({ type: 'choice', fields: fields.length > 1 ? fields : [] });
    if (fields.length === 1) actions.focusField(fields[0]!);
    // The fields offered are where the editor goes next, with the keyboard too: the focus goes to
    // the first, above the page, rather than staying in the page out of their sight.
    if (fields.length > 1) actions.dispatch({ type: 'focus', id: FIRST_CHOICE });
  };

  return (
    <>
      <h1>Edit the site&apos;s words</h1>
      {inService && <SignedIn />}
      <Bar />
      {state.failure && (
        <p className="error" role="alert">
          The editing view failed: {state.failure}
        </p>
      )}
      <Changes covered={covered} />
      <nav aria-label="Content files" className="contents" inert={covered}>
        <ul>
          {files.map(({ name }) => (
            <li key={name}>
              <a href={`#section-${name}`} onClick={() => showFile(name)}>
                {wordsOf(name)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className={`layout${state.pageOpen ? ' page-open' : ''}`}>
        <div className="form" onFocus={onFocus} inert={covered}>
          {files.map(({ file, name }) => {
            const schema = model.schema.properties?.[name];
            const value = state.draft[name];
            const fieldOf = (key: string) => {
              const inside = isGroup(value) ? value[key] : undefined;
              return (
                <FormFor
                  key={key}
                  node={optionFor(schema!.properties![key]!, inside)}
                  path={[name, key]}
                />
              );
            };
            return (
              <section
                className="file"
                aria-labelledby={`file-${name}`}
                id={`section-${name}`}
                key={name}
              >
                <h2 id={`file-${name}`}>
                  {wordsOf(name)} <code>{file}</code>
                </h2>
                {value === undefined || !schema ? (
                  <p className="error">{file} cannot be read as it is: see the messages below.</p>
                ) : (
                  <div>
                    {fieldsInPageOrder.get(name)!.onPage.map(fieldOf)}
                    {fieldsInPageOrder.get(name)!.elsewhere.length > 0 && (
                      <h3 className="elsewhere">
                        Also in this file, not in the page&apos;s text: for search results, for the
                        site to work with, or shown in another way
                      </h3>
                    )}
                    {fieldsInPageOrder.get(name)!.elsewhere.map(fieldOf)}
                  </div>
                )}
                <Messages field={name} />
              </section>
            );
          })}
        </div>
        <PageBeside onClickText={onClickText} />
      </div>
      <datalist id="site-pages">
        {model.choices.pages.map((page) => (
          <option key={page.route} value={page.route}>
            {page.name}
          </option>
        ))}
      </datalist>
    </>
  );
}
