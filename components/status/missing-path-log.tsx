'use client';

import { useEffect } from 'react';

/**
 * Logs the missing address (path and query) as a console warning: a visitor's mishap, not a fault
 * of the site. It decodes nothing, so a malformed one such as '/%E0%A4%A' cannot make it throw.
 */
export function MissingPathLog({ message }: { message: string }) {
  useEffect(() => {
    console.warn(message, window.location.pathname + window.location.search);
  }, [message]);
  return null;
}
