/** An instant's wall-clock time in a time zone, read as if it were UTC (Swedish dates are ISO). */
const wallClock = (timeZone: string, at: number) =>
  Date.parse(`${new Date(at).toLocaleString('sv-SE', { timeZone }).replace(' ', 'T')}Z`);

/** Converts an 'HH:MM' time across time zones, as of today (daylight saving varies by season). */
export function convertTime(time: string, from: string, to: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const asIfUtc = new Date().setUTCHours(hours, minutes, 0, 0);
  const offset = wallClock(from, asIfUtc) - asIfUtc;
  return new Date(wallClock(to, asIfUtc - offset)).toISOString().slice(11, 16);
}
