/**
 * The editor's script in the page beside the form, and only there: a click on a text of the page
 * tells the form which fields the text is made of (the spans the preview marks), rather than
 * following a link; and when the form says the content changed, the page is drawn again in place,
 * keeping where it was scrolled to.
 */

document.addEventListener('click', (event) => {
  event.preventDefault();
  const fields: string[] = [];
  for (let at = event.target as Element | null; at; at = at.parentElement) {
    const field = at.getAttribute('data-editor-field');
    if (field) fields.push(field);
  }
  if (fields.length > 0) parent.postMessage({ editorFields: fields }, location.origin);
});

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (event.origin !== location.origin || event.data !== 'refresh') return;
  void fetch(location.href)
    // A value the page cannot be drawn with yet (a time half typed) leaves the page as it was.
    .then((response) => (response.ok ? response.text() : undefined))
    .then((html) => {
      if (html === undefined) return;
      const drawn = new DOMParser().parseFromString(html, 'text/html');
      document.body.replaceWith(document.adoptNode(drawn.body));
      parent.postMessage({ editorRedrawn: true }, location.origin);
    });
});
