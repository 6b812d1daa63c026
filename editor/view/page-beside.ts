/**
 * The editor's script in the page beside the form, and only there: a click on a text of the page
 * tells the form which fields the text is made of (the spans the page marks), rather than
 * following a link; the texts of the field being edited are outlined and scrolled to; and when the
 * form says the content changed, the page is drawn again in place, keeping where it was scrolled
 * to, and the form is told once it is, with the number of its request.
 */

document.addEventListener('click', (event) => {
  event.preventDefault();
  const fields: string[] = [];
  for (let at = event.target as Element | null; at; at = at.parentElement) {
    const field = at.getAttribute('data-editor-field');
    if (field) fields.push(field);
  }
  // The text clicked goes too: a phone number or an e-mail address carries no marker (the site
  // reads them to build their links), so the form finds its field by its value.
  const text = (event.target as Element).textContent?.trim() ?? '';
  if (fields.length > 0 || text)
    parent.postMessage({ editorFields: fields, editorText: text }, location.origin);
});

/** The field the form has the focus in, whose texts the page outlines and scrolls to. */
let selected: string | undefined;

/** Outlines the texts of the selected field, and brings the first into view. */
function showSelected() {
  for (const old of document.querySelectorAll('[data-editor-selected]'))
    old.removeAttribute('data-editor-selected');
  if (!selected) return;
  const texts = [...document.querySelectorAll('[data-editor-field]')].filter(
    (text) => text.getAttribute('data-editor-field') === selected,
  );
  for (const text of texts) text.setAttribute('data-editor-selected', '');
  texts[0]?.scrollIntoView({ block: 'center' });
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (event.origin !== location.origin) return;
  const data = event.data as { select?: string; refresh?: number } | null;
  if (typeof data !== 'object' || !data) return;
  if ('select' in data) {
    selected = data.select;
    return showSelected();
  }
  const asked = data.refresh;
  if (asked === undefined) return;
  void fetch(location.href)
    // A value the page cannot be drawn with yet (a time half typed) leaves the page as it was.
    .then((response) => (response.ok ? response.text() : undefined))
    .then((html) => {
      if (html === undefined) return;
      const drawn = new DOMParser().parseFromString(html, 'text/html');
      document.body.replaceWith(document.adoptNode(drawn.body));
      showSelected();
    })
    // A page left while it was being drawn again (another page chosen, the view closed) has
    // nothing to draw; a server that stopped is said by the view itself.
    .catch(() => undefined)
    // Whatever came of it, the page is as it will stay until the form asks again, and its
    // listener hears clicks: the form may say the page is ready (main.ts, frameDrawing).
    .finally(() => parent.postMessage({ editorDrawn: asked }, location.origin));
});
