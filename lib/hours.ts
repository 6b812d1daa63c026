/**
 * Converts the office hours that content/contact.ts gives in one time zone into another, for the
 * contact section's local times and the structured data's opening hours (schema.org reads them as
 * the office's local time).
 */

/**
 * The wall-clock time that a time zone shows at an instant, read back as if that clock were UTC.
 * The difference between the result and the instant is the zone's offset from UTC at that moment.
 * The Swedish locale is used only because it writes dates and times in ISO order
 * ('2026-11-25 07:40:00'), which Date.parse reads once the space becomes a 'T'.
 */
const wallClockAsIfUtc = (timeZone: string, instant: number) =>
  Date.parse(`${new Date(instant).toLocaleString('sv-SE', { timeZone }).replace(' ', 'T')}Z`);

/**
 * Converts a wall-clock time from one time zone to another, as it falls today: daylight saving
 * changes the offsets by season, so the answer can differ between summer and winter.
 * @param time 24-hour 'HH:MM', e.g. '09:00'.
 * @param fromTimeZone The IANA time zone `time` is given in, e.g. 'Europe/London'.
 * @param toTimeZone The IANA time zone wanted, e.g. 'Africa/Johannesburg'.
 * @returns 24-hour 'HH:MM' in `toTimeZone`, e.g. '11:00'.
 */
export function convertTime(time: string, fromTimeZone: string, toTimeZone: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const timeTodayAsIfUtc = new Date().setUTCHours(hours, minutes, 0, 0);
  const fromZoneOffset = wallClockAsIfUtc(fromTimeZone, timeTodayAsIfUtc) - timeTodayAsIfUtc;
  const instant = timeTodayAsIfUtc - fromZoneOffset;
  // toISOString() writes 'YYYY-MM-DDTHH:MM:SS.sssZ'; characters 11 to 16 are the 'HH:MM'.
  return new Date(wallClockAsIfUtc(toTimeZone, instant)).toISOString().slice(11, 16);
}
