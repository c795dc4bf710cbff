/**
 * `npm run sandbox:admin -- <command> [options]`: the operator API from a terminal. The service is
 * found with --url (or SANDBOX_URL, default http://127.0.0.1:$SANDBOX_PORT) and authorised with
 * --token (or SANDBOX_OPERATOR_TOKEN). Every command prints the JSON answer.
 */
import { parseArgs } from 'node:util';
import { SCOPES } from '../lib/annuity/schemas';
import {
  type CreateTenantRequest,
  createOperatorClient,
  type FaultsRequest,
  OperatorApiError,
  type ProcessingStatusTarget,
} from './operator-client';

const HELP = `Usage: npm run sandbox:admin -- <command> [options] [--url URL] [--token TOKEN]

Commands:
  tenants                                   list tenants
  tenant <name>                             show one tenant
  create-tenant <name> [--patents N] [--seed N] [--currency EUR] [--freeze-horizon N] [--no-freeze]
                [--portfolio european|pacific]
  create-key <tenant> [--scopes a,b] [--expires-at ISO] [--daily-limit N]
                                            issue a key (printed once; default: all four scopes)
  progress <eventId> [--to STATUS]          move an event along the pipeline
  clock [YYYY-MM-DD | real]                 show, pin or unpin the service's today
  profile [default | variant]               show or select the behaviour profile
  official-receipt <eventId>                file a FULFILLED renewal's official receipt now
  fx [--set CCY=RATE ...] [--multiply X]    show or move exchange rates (units per EUR)
  faults [--latency MS] [--error-rate R] [--error-status S] [--drop-rate R] [--drop-after] [--paths a,b]
         [--move-items add|remove|repeat] [--every-pages N] [--move-times N]
                                            show or set fault injection (--move-items: list items
                                            move between page reads, see sandbox/README.md)
  faults clear                              remove fault injection
  usage <tenant> [--reset]                  calls per key and operation (reset: zero them)

Environment: SANDBOX_URL, SANDBOX_PORT, SANDBOX_OPERATOR_TOKEN.`;

function numberOption(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`--${name} expects a number, got "${value}"`);
  return parsed;
}

const MOVE_MODES = ['add', 'remove', 'repeat'] as const;

function moveItemsOption(
  mode: string | undefined,
  everyPages: string | undefined,
  times: string | undefined,
): FaultsRequest['moveItems'] {
  if (mode === undefined) return undefined;
  const known = MOVE_MODES.find((candidate) => candidate === mode);
  if (!known) throw new Error(`--move-items expects ${MOVE_MODES.join(', ')}, got "${mode}"`);
  return {
    mode: known,
    everyPages: numberOption(everyPages, 'every-pages'),
    times: numberOption(times, 'move-times'),
  };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      patents: { type: 'string' },
      seed: { type: 'string' },
      currency: { type: 'string' },
      portfolio: { type: 'string' },
      'freeze-horizon': { type: 'string' },
      'no-freeze': { type: 'boolean' },
      scopes: { type: 'string' },
      'expires-at': { type: 'string' },
      'daily-limit': { type: 'string' },
      to: { type: 'string' },
      set: { type: 'string', multiple: true },
      multiply: { type: 'string' },
      latency: { type: 'string' },
      'error-rate': { type: 'string' },
      'error-status': { type: 'string' },
      'drop-rate': { type: 'string' },
      'drop-after': { type: 'boolean' },
      paths: { type: 'string' },
      'move-items': { type: 'string' },
      'every-pages': { type: 'string' },
      'move-times': { type: 'string' },
      reset: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, argument] = positionals;
  if (values.help || !command) {
    console.log(HELP);
    return;
  }
  const baseUrl =
    values.url ?? process.env.SANDBOX_URL ?? `http://127.0.0.1:${process.env.SANDBOX_PORT ?? '4010'}`;
  const token = values.token ?? process.env.SANDBOX_OPERATOR_TOKEN;
  if (!token) throw new Error('the operator token is required: --token or SANDBOX_OPERATOR_TOKEN');
  const operator = createOperatorClient({ baseUrl, token });
  const need = (what: string) => {
    if (!argument) throw new Error(`${command} needs ${what}`);
    return argument;
  };

  let result: unknown;
  switch (command) {
    case 'tenants':
      result = await operator.listTenants();
      break;
    case 'tenant':
      result = await operator.getTenant(need('a tenant name'));
      break;
    case 'create-tenant':
      result = await operator.createTenant({
        name: need('a tenant name'),
        patents: numberOption(values.patents, 'patents'),
        seed: numberOption(values.seed, 'seed'),
        currency: values.currency,
        // Checked by the service (operator/schemas.ts): an unknown mix is answered 400.
        portfolio: values.portfolio as CreateTenantRequest['portfolio'],
        freezeHorizonMonths: numberOption(values['freeze-horizon'], 'freeze-horizon'),
        freezeEnabled: values['no-freeze'] ? false : undefined,
      });
      break;
    case 'create-key':
      result = await operator.createKey({
        tenant: need('a tenant name'),
        scopes: values.scopes === undefined ? [...SCOPES] : values.scopes.split(',').filter(Boolean),
        expiresAt: values['expires-at'],
        dailyLimit: numberOption(values['daily-limit'], 'daily-limit'),
      });
      break;
    case 'progress':
      result = await operator.progressEvent(
        need('an event id'),
        values.to as ProcessingStatusTarget | undefined,
      );
      break;
    case 'clock':
      result =
        argument === undefined
          ? await operator.getClock()
          : await operator.setToday(argument === 'real' ? null : argument);
      break;
    case 'profile':
      result =
        argument === undefined
          ? await operator.getProfile()
          : await operator.setProfile({ name: argument as 'default' | 'variant' });
      break;
    case 'official-receipt':
      result = await operator.releaseOfficialReceipt(need('an event id'));
      break;
    case 'fx': {
      const rates = Object.fromEntries(
        (values.set ?? []).map((pair) => {
          const [currency, rate] = pair.split('=');
          if (!currency || !rate) throw new Error(`--set expects CCY=RATE, got "${pair}"`);
          return [currency.toUpperCase(), rate];
        }),
      );
      const moving = Object.keys(rates).length > 0 || values.multiply !== undefined;
      result = moving
        ? await operator.setFxRates({
            ...(Object.keys(rates).length > 0 ? { rates } : {}),
            multiplyAllBy: values.multiply,
          })
        : await operator.getFxRates();
      break;
    }
    case 'faults':
      if (argument === 'clear') result = await operator.clearFaults();
      else if (
        [
          values.latency,
          values['error-rate'],
          values['error-status'],
          values['drop-rate'],
          values.paths,
          values['move-items'],
        ].every((value) => value === undefined)
      )
        result = await operator.getFaults();
      else
        result = await operator.setFaults({
          latencyMs: numberOption(values.latency, 'latency'),
          errorRate: numberOption(values['error-rate'], 'error-rate'),
          errorStatus: numberOption(values['error-status'], 'error-status'),
          dropRate: numberOption(values['drop-rate'], 'drop-rate'),
          dropPhase: values['drop-after'] ? 'after' : undefined,
          paths: values.paths?.split(',').filter(Boolean),
          moveItems: moveItemsOption(values['move-items'], values['every-pages'], values['move-times']),
        });
      break;
    case 'usage':
      result = values.reset
        ? await operator.resetUsage(need('a tenant name'))
        : await operator.getUsage(need('a tenant name'));
      break;
    default:
      throw new Error(`unknown command "${command}"\n\n${HELP}`);
  }
  console.log(JSON.stringify(result, null, 2));
}

main().catch((error: unknown) => {
  if (error instanceof OperatorApiError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
