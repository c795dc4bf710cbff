/**
 * The calendar-date helpers live in lib/format/dates.ts; this name stays for the Today modules
 * that still import them from here.
 */
export { calendarToday, daysFrom } from '../format/dates';
