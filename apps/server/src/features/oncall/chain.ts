/**
 * Where an escalation chain goes after a step, as plain data. Step 1 pages at raise + its delay, each
 * next step its own delay after the one before; after the last step the chain runs again from step 1
 * (up to `repeat` more times), the last step's delay later (at least a minute, so a chain of
 * immediate steps never pages in a loop).
 */
export type ChainPolicy = { repeat: number; steps: readonly { delayMinutes: number }[] };
export type ChainPosition = { step: number; cycle: number };

const MINUTE = 60_000;

export function nextInChain(
  policy: ChainPolicy,
  at: ChainPosition,
  pagedAt: Date,
): (ChainPosition & { at: Date }) | null {
  const following = policy.steps[at.step + 1];
  if (following) {
    return { step: at.step + 1, cycle: at.cycle, at: new Date(pagedAt.getTime() + following.delayMinutes * MINUTE) };
  }
  if (at.cycle >= policy.repeat) return null;
  const last = policy.steps[at.step]?.delayMinutes ?? 0;
  return { step: 0, cycle: at.cycle + 1, at: new Date(pagedAt.getTime() + Math.max(1, last) * MINUTE) };
}

/**
 * The email tier of a page: 0 (the alarm's first email) for a first step paged at the raise, else
 * one more per step paged since the raise ("Not acknowledged" emails).
 */
export const tierOf = (policy: ChainPolicy, at: ChainPosition) =>
  at.cycle * policy.steps.length + at.step + ((policy.steps[0]?.delayMinutes ?? 0) > 0 ? 1 : 0);
