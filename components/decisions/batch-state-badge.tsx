// Moved to components/badges/ (badges shared across areas); this path stays for Today's import
// until it moves too.
export { ScheduledBadge } from '@/components/badges/batch-state-badge';
