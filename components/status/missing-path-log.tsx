'use client';

import { useEffect } from 'react';

/** Warns of the missing address, a visitor's mishap; undecoded, as '/%E0%A4%A' would throw. */
export function MissingPathLog({ message }: { message: string }) {
  useEffect(() => {
    console.warn(message, window.location.pathname + window.location.search);
  }, [message]);
  return null;
}
