/**
 * The calendar-date helpers live in lib/format/dates.ts; this name stays for the Today and
 * renewal-window modules that still import it from here.
 */
export { addDays, calendarToday, daysFrom } from '../format/dates';
