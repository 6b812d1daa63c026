import { WEEKDAYS, type Weekday } from '@/content/schema';

/**
 * @param from First day, e.g. 'Monday'.
 * @param to Last day, e.g. 'Friday'.
 * @returns Every day from `from` to `to`, wrapping past Sunday if need be.
 */
export function weekdaysBetween(from: Weekday, to: Weekday): Weekday[] {
  const start = WEEKDAYS.indexOf(from);
  const length = ((WEEKDAYS.indexOf(to) - start + 7) % 7) + 1;
  return Array.from({ length }, (_, i) => WEEKDAYS[(start + i) % 7] ?? from);
}

/** Minutes that a time zone's wall clock is ahead of UTC at an instant. */
function offsetMinutes(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wallClock = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
  );
  return Math.round((wallClock - at) / 60_000);
}

/**
 * Converts a wall-clock time from one time zone to another, on a given day (daylight saving differs
 * by season).
 * @param time 24-hour 'HH:MM', e.g. '09:00'.
 * @param from Time zone of `time`, e.g. 'UTC'.
 * @param to Time zone wanted, e.g. 'Africa/Johannesburg'.
 * @param day The day the time falls on; today by default.
 * @returns 24-hour 'HH:MM' in `to`, e.g. '11:00'.
 */
export function convertTime(time: string, from: string, to: string, day = new Date()): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const asIfUtc = Date.UTC(
    day.getUTCFullYear(),
    day.getUTCMonth(),
    day.getUTCDate(),
    hours,
    minutes,
  );
  const instant = asIfUtc - offsetMinutes(from, asIfUtc) * 60_000;
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: to,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).format(instant);
}
