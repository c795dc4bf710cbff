import { earlyClicks } from '@/components/ui/deferred';

/** A click on Sign out before its code arrived (./user-menu.tsx → ./sign-out-button.tsx). */
export const signOutClicks = earlyClicks();
