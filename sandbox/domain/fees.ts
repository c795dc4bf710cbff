import Big from 'big.js';
import { addAmounts, scale } from '../../lib/annuity/money';
import type { Decision } from '../../lib/annuity/schemas';
import { paymentFallsInGrace } from './due-period';
import { BASE_CURRENCY, crossRate, pairKey, type RateTable } from './fx';
import type { EventRecord, FeeComponentRecord, FreezeRecord, TenantConfig } from './model';
import { OFFICES } from './offices';

/** The service's own fee per instructed event, whatever the decision (priced in EUR). */
export const SERVICE_FEE = { amount: '95.00', currency: BASE_CURRENCY } as const;

/** Where the rates of one event come from: its month's freeze when there is one, else the market. */
export interface EventRates {
  rate(from: string, to: string): string;
  isFrozen: boolean;
}

/**
 * spec: Endpoints 15 — once a month is frozen its events use the frozen rates; a pair the freeze
 * did not capture (none today: a freeze captures every pair the tenant can need) falls back to the
 * current rate.
 */
export function eventRates(freeze: FreezeRecord | undefined, current: RateTable): EventRates {
  return {
    rate: (from, to) => freeze?.rates[pairKey(from, to)] ?? crossRate(current, from, to),
    isFrozen: freeze !== undefined,
  };
}

export interface FeeQuote {
  currency: string;
  components: FeeComponentRecord[];
  isFxRateFrozen: boolean;
}

/**
 * The fees of one event in its invoice currency (spec: Fees). PROCEED, and an estimate before any
 * decision, carries OFFICE, AGENT where a local agent is used, GRACE_PERIOD when payment falls
 * inside the grace period, and SERVICE; SKIP_THIS_TIME and DROP pay nothing to the office, so they
 * carry the SERVICE fee only. Each component is converted and rounded to the currency's minor unit
 * on its own; invoice-lines.ts makes the priced components a line, with their sum as its total.
 */
export function quoteFees(
  event: EventRecord,
  decision: Decision | null,
  paymentDate: string,
  rates: EventRates,
): FeeQuote {
  const currency = event.invoiceCurrency;
  const convert = (amount: string, from: string) =>
    scale(new Big(amount).times(rates.rate(from, currency)), currency);
  const components: FeeComponentRecord[] = [];
  if (decision === null || decision === 'PROCEED') {
    components.push({ type: 'OFFICE', amount: convert(event.officeFee, event.officeCurrency) });
    if (event.agentFee !== null) {
      components.push({ type: 'AGENT', amount: convert(event.agentFee, event.officeCurrency) });
    }
    if (paymentFallsInGrace(event, paymentDate)) {
      components.push({ type: 'GRACE_PERIOD', amount: convert(event.graceSurcharge, event.officeCurrency) });
    }
  }
  components.push({ type: 'SERVICE', amount: convert(SERVICE_FEE.amount, SERVICE_FEE.currency) });
  return { currency, components, isFxRateFrozen: rates.isFrozen };
}

/**
 * spec: frozenRateEvent.amount — "total renewal fees in the event currency": what the office side
 * costs (official fee, agent, grace surcharge when paying now falls in grace) in the office's own
 * currency, the amount whose conversion a freeze pins.
 */
export function renewalFeesInEventCurrency(event: EventRecord, paymentDate: string): string {
  const amounts = [event.officeFee];
  if (event.agentFee !== null) amounts.push(event.agentFee);
  if (paymentFallsInGrace(event, paymentDate)) amounts.push(event.graceSurcharge);
  return addAmounts(amounts, event.officeCurrency);
}

/** Every invoice currency a tenant bills in. */
function invoiceCurrencies(config: TenantConfig): string[] {
  return [...new Set([config.currency, ...Object.values(config.invoiceCurrencyByOffice)])].sort();
}

export function invoiceCurrencyFor(config: TenantConfig, office: string): string {
  return config.invoiceCurrencyByOffice[office] ?? config.currency;
}

/** Every (source, invoice currency) pair a tenant's fees can convert through. */
export function currencyPairsOf(config: TenantConfig): [string, string][] {
  const sources = [...new Set([BASE_CURRENCY, ...OFFICES.map((office) => office.currency)])].sort();
  return invoiceCurrencies(config).flatMap((target) =>
    sources.map((source): [string, string] => [source, target]),
  );
}
