'use client';

import { useEffect } from 'react';

/**
 * Writes the address that was not found (path and query) to the browser console. It reads the raw,
 * still-encoded address and decodes nothing, so a malformed one such as '/%E0%A4%A' cannot make it throw.
 */
export function MissingPathLog({ message }: { message: string }) {
  useEffect(() => {
    const { pathname, search } = window.location;
    console.error(message, `${pathname}${search}`);
  }, [message]);
  return null;
}
