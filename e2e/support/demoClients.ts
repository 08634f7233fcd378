import { afterAll, beforeAll } from 'vitest';
import { DEMO_BUSINESS, DEMO_PERSONAL } from './identity';
import { apiAs } from './money';
import { signInThroughApi, type SignedInUser } from './session';
import { startStack, type Stack } from './stack';

/*
 * The stack that the money specs share: the built server with the demo data, and both demo
 * clients signed in through the API once before the file's tests. `useDemoClients()` registers
 * the hooks at a spec file's top level; `stack`, `demo` and `corp` are set once they have run, so
 * tests read them, never the file's top level. Vitest gives every spec file its own copy of this
 * module, so each file has its own stack.
 */
export let stack: Stack;
/** The personal demo client. */
export let demo: SignedInUser;
/** The business demo client, the other side of transfers between clients. */
export let corp: SignedInUser;

export function useDemoClients(): void {
  beforeAll(async () => {
    stack = await startStack();
    demo = await signInThroughApi(stack, DEMO_PERSONAL.email, DEMO_PERSONAL.password);
    corp = await signInThroughApi(stack, DEMO_BUSINESS.email, DEMO_BUSINESS.password);
  });
  afterAll(() => stack?.close());
}

/** The API as `user` calls it. */
export const api = (user: SignedInUser) => apiAs(stack, user.userToken);
