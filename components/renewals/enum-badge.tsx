// Moved to components/badges/ (badges shared across areas); this path stays for Today's and the
// month view's imports until they move too.
export { EnumBadge } from '@/components/badges/enum-badge';
