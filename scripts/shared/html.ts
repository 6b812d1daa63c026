/** Reading exported HTML as a browser parses it (parse5), for the build steps and the tests. */
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

export type Element = DefaultTreeAdapterTypes.Element;

/** Every element of a whole HTML document, in source order, with source locations. */
export function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const visit = (node: DefaultTreeAdapterTypes.Node) => {
    if ('tagName' in node) found.push(node);
    if ('childNodes' in node) node.childNodes.forEach(visit);
    if ('content' in node) visit(node.content);
  };
  visit(parse(html, { sourceCodeLocationInfo: true }));
  return found;
}

export function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

/** The text inside an element, such as the code of an inline <script>. */
export function textOf(element: Element): string {
  return element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
}

/** Whether an element runs or fetches script: any <script> but JSON-LD, and script preloads. */
export function isExecutable(element: Element): boolean {
  if (element.tagName === 'script') return attr(element, 'type') !== 'application/ld+json';
  if (element.tagName !== 'link') return false;
  const rel = (attr(element, 'rel') ?? '').toLowerCase().split(/\s+/);
  return (
    rel.includes('modulepreload') || (rel.includes('preload') && attr(element, 'as') === 'script')
  );
}
