// The outcome of one check on one unit; kept apart from the registry so check modules do not import it at run time.

export interface CheckResult {
  failing: boolean;
  /** Short human description of what is wrong ("Missing: %s"), for the UI and API. */
  detail?: string;
}

/** Shared passing result: checks run on every save, so passing allocates nothing. */
export const PASS: CheckResult = Object.freeze({ failing: false });

export const fail = (detail: string): CheckResult => ({ failing: true, detail });
