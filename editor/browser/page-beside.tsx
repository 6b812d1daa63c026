/**
 * The page beside the form: the site's page as it will look, drawn in the browser from the form's
 * values (draw-page.ts) into a frame of the view's own origin, without reloading it, so that a
 * keystroke shows at once. A value the check refused is not drawn: the page keeps the last
 * accepted value, and says so under it. The texts of the field being edited are outlined, and the
 * frame, not the window, scrolls to them. A click on a text selects its field in the form.
 */
import {
  useCallback,
  useContext,
  type CSSProperties,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { fieldWords, nodeAt, optionFor, type SchemaNode } from '../../scripts/shared/field-words';
import { isGroup, valueAt, withValueAt } from '../shared/values';
import type { FieldPath, Model } from './api';
import { ViewContext } from './context';
import { drawPage, type Drawn } from './draw-page';
import { kindOf } from './kinds';
import type { FieldsShown } from './page-tags';
import { pathOf, within, type State } from './state';

type Page = Model['pages'][number];

/** The values the page beside draws: those typed, except where the check refused them. */
function acceptedValues(state: State): Record<string, unknown> {
  let values = state.draft;
  for (const { written } of Object.values(state.rejected)) {
    const path = pathOf(written);
    const name = path[0] as string;
    values = {
      ...values,
      [name]: withValueAt(values[name], path.slice(1), valueAt(state.saved[name], path.slice(1))),
    };
  }
  return values;
}

/** The fields whose text the page tags, so that a click on it selects them: by their kind. */
function taggedFields(node: SchemaNode | undefined, value: unknown, path: FieldPath): FieldPath[] {
  if (!node) return [];
  if (node.anyOf) return taggedFields(optionFor(node, value), value, path);
  if (Array.isArray(value))
    return value.flatMap((item, i) =>
      taggedFields(node.prefixItems?.[i] ?? (node.items || undefined), item, [...path, i]),
    );
  if (isGroup(value))
    return Object.entries(value).flatMap(([key, field]) =>
      taggedFields(node.properties?.[key], field, [...path, key]),
    );
  return typeof value === 'string' && !node.enum && kindOf(node['x-kind'], node.type).tagged
    ? [path]
    : [];
}

/** Every tagged field of the content. */
const allTagged = (schema: SchemaNode, values: Record<string, unknown>) =>
  Object.entries(values).flatMap(([name, value]) =>
    taggedFields(schema.properties?.[name], value, [name]),
  );

/** A page drawn, or why it could not be: the site's components failed on the content as it is. */
function drawSafely(
  model: Model,
  route: string,
  values: Record<string, unknown>,
  tagged: FieldPath[],
) {
  const index = model.pages.findIndex((page) => page.route === route);
  try {
    return drawPage(index, values, tagged);
  } catch {
    return undefined;
  }
}

/**
 * The elements of a drawn page that differ from another drawing of it, as paths of child indexes
 * from the body: where a field's value shows, when the other drawing has another value of it.
 */
function differences(one: Element, other: Element, at: number[] = []): number[][] {
  // A script (the page's structured data) shows nothing on the page to outline.
  if (one.tagName === 'SCRIPT' || one.tagName === 'STYLE') return [];
  const attributes = (element: Element) =>
    [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`).join(' ');
  const ownText = (element: Element) =>
    [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join('');
  if (
    one.children.length !== other.children.length ||
    attributes(one) !== attributes(other) ||
    ownText(one) !== ownText(other)
  )
    return [at];
  return [...one.children].flatMap((child, i) =>
    differences(child, other.children[i]!, [...at, i]),
  );
}

/** The element at a path of child indexes from the body. */
const elementAt = (body: Element, path: number[]) =>
  path.reduce<Element | undefined>((element, i) => element?.children[i], body);

/** Another value of a field's kind, which the page draws as it draws the field's (its kind's module in content/kinds/). */
function variantOf(model: Model, values: Record<string, unknown>, path: FieldPath) {
  const name = path[0] as string;
  const fileSchema = model.schema.properties?.[name];
  const node = fileSchema && nodeAt(fileSchema, values[name], path.slice(1));
  return node && kindOf(node['x-kind'], node.type).variant;
}

/** A page as "Page shown" names it: its main file's name, and where visitors meet it. */
function pageName(model: Model, state: State, page: Page) {
  const where: Record<string, string> = {
    '/_not-found': 'at any address that is no page',
    '/_error': 'when a page fails to load',
  };
  return `${fieldWords([mainFileOf(model, page)], model.schema, state.draft)} (${where[page.route] ?? page.route})`;
}

/**
 * The content file a page is mostly about: of the files it draws from, a page's own (a file with a
 * title) before shared ones, and of those the one the fewest pages draw from.
 */
export function mainFileOf(model: Model, page: Page) {
  const drawnBy = (name: string) => model.pages.filter((p) => p.contentFiles.includes(name));
  const isPage = (name: string) => Boolean(model.schema.properties?.[name]?.properties?.title);
  const pageFiles = page.contentFiles.filter(isPage);
  const candidates = pageFiles.length > 0 ? pageFiles : page.contentFiles;
  return [...candidates].sort((a, b) => drawnBy(a).length - drawnBy(b).length)[0]!;
}

/** Pages in the order an editor looks for them: the site's pages, the two without an address, files. */
const kindRank = (page: Page) => (page.handler ? 2 : page.route.startsWith('/_') ? 1 : 0);
const byKind = (a: Page, b: Page) => kindRank(a) - kindRank(b) || a.route.localeCompare(b.route);

/**
 * The page a field is on: one that draws its text, or for a field that is no text of a page (a
 * time, a phone number, a setting), one that draws from its file, the site's own pages first. The
 * page shown stays where it already is such a page; undefined where no page is.
 */
export function pageOf(state: State, field: string): string | undefined {
  const model = state.model!;
  const name = field.split(/[.[]/)[0]!;
  const values = acceptedValues(state);
  const tagged = allTagged(model.schema, values);
  const path = pathOf(field);
  const value = valueAt(values[name], path.slice(1));
  const variant = variantOf(model, values, path);
  /** A page as drawn, where it is a page (not a route handler's text) and can be drawn. */
  const pageDrawn = (route: string, content: Record<string, unknown>) => {
    const drawn = drawSafely(model, route, content, tagged) as Drawn | undefined;
    return drawn && 'body' in drawn ? drawn : undefined;
  };
  // A page shows the field where it tags its text, or, for a field it shows untagged (a time, an
  // address), where its body changes with another value of the field's kind.
  const drawsText = (page: Page) => {
    if (page.handler || !page.contentFiles.includes(name)) return false;
    const drawn = pageDrawn(page.route, values);
    if (!drawn) return false;
    if (drawn.fields.elements.has(field)) return true;
    if (!variant || value === undefined || isGroup(value) || Array.isArray(value)) return false;
    const other = { ...values, [name]: withValueAt(values[name], path.slice(1), variant(value)) };
    const otherDrawn = pageDrawn(page.route, other);
    return !otherDrawn || differences(drawn.body, otherDrawn.body).length > 0;
  };
  const drawsFrom = (page: Page) => page.contentFiles.includes(name);
  const shown = model.pages.find((page) => page.route === state.route);
  const withText = model.pages.filter(drawsText);
  if (shown && (withText.length > 0 ? withText.includes(shown) : drawsFrom(shown)))
    return shown.route;
  const ownPagesFirst = model.pages.filter(drawsFrom).sort(byKind);
  return (
    withText[0] ??
    ownPagesFirst.find((p) => mainFileOf(model, p) === name) ??
    ownPagesFirst[0]
  )?.route;
}

/**
 * A file's fields in the order its page shows them, each by where its first tagged text stands in
 * the page, and after them the fields the page's text does not show (its title and description,
 * settings, numbers the site works with), in the schema's order. A file that is no page's own (a
 * shared file) keeps the schema's order.
 */
export function fieldsInPageOrderOf(
  model: Model,
  values: Record<string, unknown>,
  name: string,
): { onPage: string[]; elsewhere: string[] } {
  const keys = Object.keys(model.schema.properties?.[name]?.properties ?? {});
  const page = model.pages.find((each) => !each.handler && mainFileOf(model, each) === name);
  const drawn = page && drawSafely(model, page.route, values, allTagged(model.schema, values));
  if (!drawn || drawn instanceof Promise || !('body' in drawn))
    return { onPage: keys, elsewhere: [] };
  // The fields the page shows, in the order it first shows them.
  const shown = [...drawn.fields.elements.keys()];
  const at = (key: string) => {
    const found = shown.findIndex((field) => within(field, `${name}.${key}`));
    return found === -1 ? Infinity : found;
  };
  const onPage = keys.filter((key) => at(key) !== Infinity).sort((a, b) => at(a) - at(b));
  return { onPage, elsewhere: keys.filter((key) => !onPage.includes(key)) };
}

/** The route of the page shown beside the form: the one chosen, or the site's first page. */
const shownRoute = (state: State) => state.route ?? pagesForEditors(state)[0]?.route ?? '/';

/** How many texts a value holds: the words an editor changes in it. */
const textsIn = (value: unknown): number =>
  typeof value === 'string'
    ? 1
    : value && typeof value === 'object'
      ? Object.values(value).reduce<number>((sum, inner) => sum + textsIn(inner), 0)
      : 0;

/**
 * The pages in the order an editor wants them: the site's pages with an address, the one with the
 * most texts of its own first (the country page, which editors change most), then the two without
 * an address, then the files no page shows.
 */
export function pagesForEditors(state: State): Page[] {
  const model = state.model!;
  const texts = (page: Page) => textsIn(state.saved[mainFileOf(model, page)]);
  return [...model.pages].sort(
    (a, b) => kindRank(a) - kindRank(b) || texts(b) - texts(a) || byKind(a, b),
  );
}

/**
 * Scrolls the frame to the first text of the field being edited, where it is out of the frame's
 * view; the frame scrolls, never the window around it, which stays at the field. A frame not shown
 * (the page beside closed on a narrow window) has nothing to scroll: it scrolls once shown.
 */
function scrollToSelected(document: Document) {
  const first = document.querySelector('[data-editor-selected]');
  const window = document.defaultView;
  if (!first || !window) return;
  const box = first.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight)
    window.scrollTo({ top: window.scrollY + box.top - window.innerHeight / 3 });
}

/**
 * Draws the page shown into the frame's document, with the values the check accepted, and
 * outlines the texts of the field being edited.
 * @param isLatest Whether this drawing is still the latest asked for: a route handler's text
 *   (security.txt) arrives later, when a drawing asked after it may have been written already.
 * @returns What was drawn (for the search result), or undefined where the page cannot be drawn.
 */
function paintPage(
  document: Document,
  state: State,
  isLatest: () => boolean,
): Drawn | undefined | Promise<Drawn | undefined> {
  const model = state.model!;
  const route = shownRoute(state);
  const values = acceptedValues(state);
  const tagged = allTagged(model.schema, values);
  /** Outlines the texts of the field being edited, and scrolls the frame to the first. */
  const outline = (page: Drawn | undefined) => {
    for (const old of document.querySelectorAll('[data-editor-selected]'))
      old.removeAttribute('data-editor-selected');
    const field = state.selected;
    if (!field || !page || !('body' in page)) return;
    let texts = page.fields.elements.get(field) ?? [];
    if (texts.length === 0) {
      // A field the page shows without a tag (a time, an address, a number) is where the page
      // changes when the field has another value of its kind.
      const path = pathOf(field);
      const name = path[0] as string;
      const variant = variantOf(model, values, path);
      const value = valueAt(values[name], path.slice(1));
      if (variant && value !== undefined && !isGroup(value) && !Array.isArray(value)) {
        const other = {
          ...values,
          [name]: withValueAt(values[name], path.slice(1), variant(value)),
        };
        const otherPage = drawSafely(model, route, other, tagged);
        if (otherPage && !(otherPage instanceof Promise) && 'body' in otherPage) {
          texts = differences(page.body, otherPage.body)
            .map((at) => elementAt(document.body, at))
            .filter(
              (element): element is Element => element !== undefined && element !== document.body,
            );
        }
      }
    }
    for (const text of texts) text.setAttribute('data-editor-selected', '');
    scrollToSelected(document);
  };
  const write = (page: Drawn | undefined) => {
    let body: HTMLElement;
    if (!page) {
      body = document.createElement('body');
      body.append(
        Object.assign(document.createElement('p'), {
          textContent:
            'The page cannot be drawn with the content as it is: the messages in the form say what to change.',
        }),
      );
    } else if ('text' in page) {
      body = document.createElement('body');
      body.append(Object.assign(document.createElement('pre'), { textContent: page.text }));
    } else {
      document.documentElement.lang = page.lang;
      body = document.adoptNode(page.body);
    }
    document.body.replaceWith(body);
    outline(page);
    return page;
  };
  const result = drawSafely(model, route, values, tagged);
  if (!(result instanceof Promise)) return write(result);
  // A later drawing has the frame: this one's text would replace its page, which nothing would
  // draw again until the next change.
  const writeIfLatest = (page: Drawn | undefined) => (isLatest() ? write(page) : page);
  return result.then(writeIfLatest, () => writeIfLatest(undefined));
}

/** The widths the page beside the form is drawn at: this pane's, a phone's or a desktop's. */
type PageWidth = 'window' | 'phone' | 'desktop';
const WIDTH_WORDS: Record<PageWidth, string> = {
  window: 'As wide as this pane',
  phone: 'Phone (360 px)',
  desktop: 'Desktop (1280 px)',
};

/** The id of the first of the fields offered for a text of several, which takes the focus. */
export const FIRST_CHOICE = 'page-beside-choice-first';

/** The view's narrow layout (view.css), where the page beside covers the form once opened. */
const NARROW = '(max-width: 1099.98px)';

/** Whether the window is in the view's narrow layout: a phone, a narrow window or a zoomed one. */
function useNarrowWindow() {
  return useSyncExternalStore(
    (changed) => {
      const query = matchMedia(NARROW);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => matchMedia(NARROW).matches,
  );
}

/**
 * Whether the page beside is open over the form: on a narrow window, once the editor opened it.
 * It then takes the keyboard: what it covers is inert (view.tsx), and Escape closes it.
 */
export function usePageOverForm() {
  const { state } = useContext(ViewContext);
  return useNarrowWindow() && state.pageOpen;
}

export function PageBeside({
  onClickText,
}: {
  onClickText: (fields: string[], text: string) => void;
}) {
  const { state, actions, store } = useContext(ViewContext);
  const model = state.model!;
  const frame = useRef<HTMLIFrameElement>(null);
  const [frameReady, setFrameReady] = useState(false);
  // Left unchosen, the page is drawn as wide as the window where the page beside covers the form
  // (a narrow or zoomed window, whose text a scaled-down desktop page would shrink past reading),
  // and at a desktop's width beside the form.
  const [chosenWidth, setWidth] = useState<PageWidth | undefined>();
  const narrow = useNarrowWindow();
  const width = chosenWidth ?? (narrow ? 'window' : 'desktop');
  const [paneWidth, setPaneWidth] = useState(0);
  /** How much of a wide window the page beside the form takes, in percent, as the editor sets it. */
  const [share, setShare] = useState(45);
  const pane = useRef<HTMLDivElement>(null);
  const route = shownRoute(state);
  const [drawn, setDrawn] = useState<Drawn | undefined>();
  /** Whether a page has been drawn in the frame yet, after which the text being edited is scrolled to. */
  const [painted, setPainted] = useState(false);
  // The frame's listener, made once, calls the newest handler, which reads the newest state.
  const clicked = useRef(onClickText);
  useLayoutEffect(() => {
    clicked.current = onClickText;
  });
  /** Where the page in the frame shows each field, as it was drawn: what a click selects. */
  const fieldsInFrame = useRef<FieldsShown | undefined>(undefined);

  // The frame's document is the view's own: it hears clicks once, as it loads, and is never loaded again.
  const onLoad = () => {
    const document = frame.current!.contentDocument!;
    document.addEventListener('click', (event) => {
      event.preventDefault();
      const target = event.target as Element;
      const fieldOf = (element: Element) => fieldsInFrame.current?.fieldOf.get(element);
      // A link or a button pressed with the keyboard (Enter) is clicked itself, around its texts,
      // where a mouse clicks the text inside it: the texts inside it count as clicked, first.
      const inside = target.matches('a, button')
        ? [...target.querySelectorAll('span')].map(fieldOf)
        : [];
      const fields = inside.filter((field) => field !== undefined);
      for (let at: Element | null = target; at; at = at.parentElement) {
        const field = fieldOf(at);
        if (field) fields.push(field);
      }
      // The text clicked goes too: a phone number or an e-mail address carries no tag (the site
      // reads them to build their links), so the form finds its field by its value.
      clicked.current(fields, target.textContent?.trim() ?? '');
    });
    setFrameReady(true);
  };

  // The page is drawn as soon as the state changes, at the browser's next frame, before React
  // draws the form again, from the store it subscribes to: a keystroke reaches the page without
  // waiting for the form's redraw, and keys typed faster than frames are drawn once.
  // The frame is busy (aria-busy) from each change of the state until the page drawn from it is in
  // the frame, so that assistive technologies, and the tests, know a click may not yet be heard and
  // a text may be about to change. It is set here, as each drawing is asked and written, rather than
  // rendered, which would draw the whole pane again on every key.
  useEffect(() => {
    if (!frameReady) return;
    const busy = (isBusy: boolean) =>
      frame.current?.setAttribute('aria-busy', isBusy ? 'true' : 'false');
    let last: unknown[] = [];
    let asked = 0;
    /** The drawings asked for so far, and the last of them written into the frame. */
    let drawings = 0;
    let written = 0;
    const paint = () => {
      asked = 0;
      const now = store.getState();
      const inputs = [now.model, now.draft, now.rejected, now.saved, shownRoute(now), now.selected];
      if (inputs.every((input, i) => input === last[i])) {
        // Nothing new to draw: the frame is ready once the last drawing asked for is in it.
        if (written === drawings) busy(false);
        return;
      }
      last = inputs;
      const drawing = (drawings += 1);
      const isLatest = () => drawing === drawings;
      const done = (page: Drawn | undefined) => {
        if (!isLatest()) return;
        written = drawing;
        fieldsInFrame.current = page && 'body' in page ? page.fields : undefined;
        setDrawn(page);
        setPainted(true);
        busy(false);
      };
      const page = paintPage(frame.current!.contentDocument!, now, isLatest);
      if (page instanceof Promise) void page.then(done);
      else done(page);
    };
    paint();
    const unsubscribe = store.subscribe(() => {
      if (asked) return;
      busy(true);
      asked = requestAnimationFrame(paint);
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(asked);
    };
  }, [frameReady, store]);

  // The frame is as wide as the page a phone or a desktop shows, scaled down to fit the pane.
  useEffect(() => {
    const observer = new ResizeObserver(([entry]) => setPaneWidth(entry?.contentRect.width ?? 0));
    observer.observe(pane.current!);
    return () => observer.disconnect();
  }, []);
  const frameWidth =
    width === 'window' ? Math.max(1, Math.floor(paneWidth)) : width === 'phone' ? 360 : 1280;
  // Once the page beside is shown, or drawn at another width, the text being edited is in view.
  useEffect(() => {
    const document = frame.current?.contentDocument;
    if (painted && document && paneWidth > 0) scrollToSelected(document);
  }, [painted, paneWidth, frameWidth]);
  const scale = paneWidth > 0 ? Math.min(1, paneWidth / frameWidth) : 1;

  /** Closes the page opened over the form; the focus goes back to the button that opened it. */
  const close = useCallback(() => {
    actions.dispatch({ type: 'pageOpen', open: false });
    actions.dispatch({ type: 'focus', id: 'open-page' });
  }, [actions]);
  // Escape closes the page opened over the form, as it closes what lies over a page: in the view,
  // and in the page's frame, which has the keyboard once the editor tabs into the page.
  const covering = usePageOverForm();
  useEffect(() => {
    if (!covering) return;
    const documents = [document, frame.current?.contentDocument].filter((inside) => !!inside);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    for (const inside of documents) inside.addEventListener('keydown', onKey);
    return () => {
      for (const inside of documents) inside.removeEventListener('keydown', onKey);
    };
  }, [covering, frameReady, close]);

  const refused = Object.keys(state.rejected).map((field) =>
    fieldWords(pathOf(field), model.schema, state.draft),
  );
  return (
    <aside
      className="page-beside"
      aria-labelledby="page-beside-heading"
      id="page-beside"
      style={{ '--page-share': `${share}vw` } as CSSProperties}
    >
      <div className="page-beside-top">
        <h2 id="page-beside-heading">The page beside the form</h2>
        <button type="button" className="close-page" onClick={close}>
          Close the page
        </button>
      </div>
      <label htmlFor="page-beside-page">Page shown</label>
      <select
        id="page-beside-page"
        value={route}
        onChange={(event) => actions.dispatch({ type: 'showPage', route: event.target.value })}
      >
        {[...model.pages].sort(byKind).map((page) => (
          <option key={page.route} value={page.route}>
            {pageName(model, state, page)}
          </option>
        ))}
      </select>
      {state.noPage && <p className="help">{state.noPage}</p>}
      {refused.length > 0 && (
        <p className="refused" id="page-beside-refused">
          The page shows the last accepted value of {refused.join('; ')}: the check has not accepted
          what you typed.
        </p>
      )}
      {state.choice.length > 0 && (
        <div
          className="choice"
          id="page-beside-choice"
          role="group"
          aria-labelledby="page-beside-choice-words"
        >
          <p id="page-beside-choice-words">This text is made of several fields:</p>
          {state.choice.map((field, i) => (
            <button
              key={field}
              id={i === 0 ? FIRST_CHOICE : undefined}
              type="button"
              onClick={() => actions.focusField(field)}
            >
              {fieldWords(pathOf(field), model.schema, state.draft)}
            </button>
          ))}
        </div>
      )}
      <div className="frame-pane" ref={pane}>
        <iframe
          ref={frame}
          id="page-beside-frame"
          src="/page-beside"
          title="The page as it will look"
          // Busy until the frame has loaded and the page is drawn in it; then as each drawing is
          // asked and written (the effect above).
          aria-busy="true"
          onLoad={onLoad}
          // Scaled down to the pane's width: the frame is made taller by as much, to fill the pane.
          style={{
            width: frameWidth,
            height: `calc(70vh / ${scale})`,
            transform: `scale(${scale})`,
          }}
        />
      </div>
      <label className="pane-width">
        Width of this pane, in percent of the window{' '}
        <input
          type="range"
          min={25}
          max={70}
          step={5}
          value={share}
          onChange={(event) => setShare(Number(event.target.value))}
        />
      </label>
      <fieldset className="widths">
        <legend>Width of the page</legend>
        {(['window', 'phone', 'desktop'] as const).map((choice) => (
          <label key={choice}>
            <input
              type="radio"
              name="page-width"
              checked={width === choice}
              onChange={() => setWidth(choice)}
            />{' '}
            {WIDTH_WORDS[choice]}
          </label>
        ))}
      </fieldset>
      <section className="search-result" aria-labelledby="search-result-heading">
        <h3 id="search-result-heading">In search results and share cards</h3>
        <p className="search-title">
          {drawn && 'body' in drawn
            ? drawn.title
            : 'This is no page, so it shows in no search result.'}
        </p>
        <p className="path">{route}</p>
        <p>{drawn && 'body' in drawn ? drawn.description : ''}</p>
        {drawn && 'body' in drawn && drawn.image && (
          <img src={drawn.image.url} alt={drawn.image.alt} className="share-image" />
        )}
      </section>
    </aside>
  );
}
