import type { RichText as RichTextContent } from '@/content/types';

/** Text with links inside it, as written in content. */
export function RichText({ parts }: { parts: RichTextContent }) {
  return parts.map((part) =>
    typeof part === 'string' ? (
      part
    ) : (
      <a key={part.label} href={part.href}>
        {part.label}
      </a>
    ),
  );
}
