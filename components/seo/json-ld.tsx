/** Structured data for search engines: a JSON-LD data block, which browsers never execute. */
export function JsonLd({ data }: { data: object }) {
  // Escaping '<' keeps any text in the data from closing the script element early.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
