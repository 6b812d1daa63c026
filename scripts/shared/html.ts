/**
 * Reads exported HTML as a browser parses it (with parse5), for the build steps and the tests,
 * which must see the elements that a browser sees: a regular expression would be fooled by
 * comments, by attribute values holding '>', or by a <template>'s contents.
 */
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

/** An element of a parsed document, with its source location. */
export type Element = DefaultTreeAdapterTypes.Element;

/** Every element of a whole HTML document, in source order, with source locations. */
export function elementsOf(html: string): Element[] {
  const elements: Element[] = [];
  const visit = (node: DefaultTreeAdapterTypes.Node) => {
    if ('tagName' in node) elements.push(node);
    if ('childNodes' in node) node.childNodes.forEach(visit);
    // A <template>'s children live in a document fragment of their own, its `content`.
    if ('content' in node) visit(node.content);
  };
  visit(parse(html, { sourceCodeLocationInfo: true }));
  return elements;
}

/** The value of an element's attribute, or undefined when the element does not have it. */
export function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

/** The text inside an element, such as the code of an inline <script>. */
export function textOf(element: Element): string {
  return element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
}

/**
 * Whether an element runs or fetches script: any <script> but a JSON-LD data block, which browsers
 * never execute, and any preload of a script.
 */
export function isExecutable(element: Element): boolean {
  if (element.tagName === 'script') return attr(element, 'type') !== 'application/ld+json';
  if (element.tagName !== 'link') return false;
  // rel is a space-separated list of keywords, matched without regard to case.
  const relKeywords = (attr(element, 'rel') ?? '').toLowerCase().split(/\s+/);
  return (
    relKeywords.includes('modulepreload') ||
    (relKeywords.includes('preload') && attr(element, 'as') === 'script')
  );
}
