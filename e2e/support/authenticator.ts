// The demo operators' sign-in secrets for the browser tests, the fault suite and its fuzz run: no
// test framework here, so a plain script (faults/fuzz.standalone.ts) can sign an operator in too.
import { generate } from 'otplib';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS } from '../../apps/server/src/seed/demo-operators';

/**
 * The demo operators' authenticator, as a person's phone would show it. Each code is accepted once,
 * so a second sign-in of the same operator within one 30-second step waits for the next code, as
 * a person would.
 */
export type DemoOperatorEmail = (typeof DEMO_OPERATORS)[number]['email'];
export const OPERATOR_PASSWORD = DEMO_OPERATOR_PASSWORD;

const STEP_MS = 30_000;
const lastStepUsed = new Map<string, number>();

export async function authenticatorCode(email: DemoOperatorEmail): Promise<string> {
  const operator = DEMO_OPERATORS.find((item) => item.email === email)!;
  let step = Math.floor(Date.now() / STEP_MS);
  const last = lastStepUsed.get(email);
  if (last !== undefined && step <= last) {
    await new Promise((resolve) => setTimeout(resolve, (last + 1) * STEP_MS - Date.now() + 200));
    step = Math.floor(Date.now() / STEP_MS);
  }
  lastStepUsed.set(email, step);
  return generate({ secret: operator.totpSecret, epoch: Math.floor(Date.now() / 1000) });
}
