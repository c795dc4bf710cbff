import {
  PROFILE_NAMES,
  type ProfileName,
  type ProfileState,
  type ProfileSwitches,
  ProfileSwitchesSchema,
} from './operator/schemas';

/**
 * Behaviour profiles of the stand-in service. Wherever the spec leaves a choice open ("not shown",
 * an open enum, "accept either", Versioning 2), a switch picks one of the alternatives a careful real
 * service might make. `default` is what the stand-in always did; `variant` flips every switch, so
 * the dashboard's suites can run against both and find what it wrongly took for the contract.
 * sandbox/README.md lists each switch next to the spec sentence it answers.
 */
export const PROFILES: Record<ProfileName, ProfileSwitches> = {
  default: {
    officialReceiptDelayDays: 0,
    feesOnPerPatentEvents: true,
    instructionMode: 'DIRECT',
    deferredExecution: 'at-once',
    receiptOrder: 'request',
    maxBatchSize: 500,
    vatRounding: 'subtotal',
    documentErrors: 'not_found',
    documentFilenames: 'plain',
    serverErrorBursts: null,
    invoiceNumbers: 'string',
    regularizationShare: 0.015,
    futureV2Additions: false,
  },
  variant: {
    officialReceiptDelayDays: 3,
    feesOnPerPatentEvents: false,
    instructionMode: 'DEFERRED',
    // The suites that run on this profile expect a decision applied when the POST answers; the
    // deferred execution in the domain is switched on by the tests of it (deferredExecution).
    deferredExecution: 'at-once',
    receiptOrder: 'reversed',
    maxBatchSize: 20,
    vatRounding: 'perLine',
    documentErrors: 'forbidden',
    documentFilenames: 'rfc6266',
    serverErrorBursts: { every: 40, length: 2 },
    invoiceNumbers: 'number',
    regularizationShare: 0.08,
    futureV2Additions: true,
  },
};

export function isProfileName(name: string): name is ProfileName {
  return (PROFILE_NAMES as readonly string[]).includes(name);
}

/**
 * The profile in force in one sandbox process. Set at start (`--profile` / SANDBOX_PROFILE) and
 * changed by the operator API (`PUT /operator/v1/profile`); not persisted, like fault settings.
 * `regularizationShare` is read when a tenant is built (creation or start), so a data dir should
 * be restarted with the profile it was created with.
 */
export class SandboxProfile {
  #name: ProfileName;
  #switches: ProfileSwitches;
  /** GET requests seen since the switches last changed (for serverErrorBursts). */
  #gets = 0;
  #burstLeft = 0;

  constructor(name: ProfileName = 'default', overrides: Partial<ProfileSwitches> = {}) {
    this.#name = name;
    this.#switches = ProfileSwitchesSchema.parse({ ...PROFILES[name], ...overrides });
  }

  get switches(): ProfileSwitches {
    return this.#switches;
  }

  get state(): ProfileState {
    const base = PROFILES[this.#name];
    const same = (Object.keys(base) as (keyof ProfileSwitches)[]).every(
      (key) => JSON.stringify(base[key]) === JSON.stringify(this.#switches[key]),
    );
    return { name: same ? this.#name : 'custom', switches: { ...this.#switches } };
  }

  /** A named profile replaces every switch; single switches then apply on top. */
  set(request: {
    name?: ProfileName | undefined;
    switches?: Partial<ProfileSwitches> | undefined;
  }): ProfileState {
    if (request.name) this.#name = request.name;
    const base = request.name ? PROFILES[request.name] : this.#switches;
    this.#switches = ProfileSwitchesSchema.parse({ ...base, ...request.switches });
    this.#gets = 0;
    this.#burstLeft = 0;
    return this.state;
  }

  /**
   * serverErrorBursts: whether this GET is answered 503. Every `every`-th GET starts a burst of
   * `length` consecutive failures, deterministic so a test cannot flake (a client retrying a read
   * twice always gets through a burst of two).
   */
  nextGetFails(): boolean {
    const bursts = this.#switches.serverErrorBursts;
    if (!bursts) return false;
    this.#gets += 1;
    if (this.#burstLeft > 0) {
      this.#burstLeft -= 1;
      return true;
    }
    if (this.#gets % bursts.every === 0) {
      this.#burstLeft = bursts.length - 1;
      return true;
    }
    return false;
  }
}
