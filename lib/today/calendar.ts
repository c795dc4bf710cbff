/**
 * The calendar-date helpers live in lib/format/dates.ts; this name stays for the Today module
 * that still imports from here (lib/server/today/load.ts).
 */
export { calendarToday } from '../format/dates';
