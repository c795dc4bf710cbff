import { createLoader, createSerializer } from 'nuqs/server';
import { renewalsParams } from './url-state';

/**
 * The month view's whole address, read by its server page and written by links from other pages
 * (Today), with the parsers of ./url-state.ts. Apart from that module because the month view's
 * client component, which reads the same parsers, need not load nuqs's loader and serializer
 * (bench: JS per route, /renewals is at its budget).
 */
export const loadRenewalsParams = createLoader(renewalsParams);
export const serializeRenewalsParams = createSerializer(renewalsParams);
