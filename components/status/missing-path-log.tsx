'use client';

import { useEffect } from 'react';

/**
 * Writes the address that was not found (path and query) to the browser console, as a warning: a
 * mistyped address is the visitor's mishap, not a fault of the site. It reads the raw, still-encoded
 * address and decodes nothing, so a malformed one such as '/%E0%A4%A' cannot make it throw.
 */
export function MissingPathLog({ message }: { message: string }) {
  useEffect(() => {
    console.warn(message, window.location.pathname + window.location.search);
  }, [message]);
  return null;
}
