import { describe, expect, it } from 'vitest';
import { type ChainPolicy, nextInChain, tierOf } from './chain.ts';

const t0 = new Date('2026-01-05T12:00:00Z');
const min = (n: number) => new Date(t0.getTime() + n * 60_000).toISOString();
/** Every page of a chain nobody acts on: [step, cycle, minutes after the first page]. */
function run(policy: ChainPolicy) {
  const out: string[] = [];
  let pos: { step: number; cycle: number; at: Date } | null = { step: 0, cycle: 0, at: t0 };
  while (pos) {
    out.push(`${pos.step + 1}/${pos.cycle}@${pos.at.toISOString()}`);
    pos = nextInChain(policy, pos, pos.at);
  }
  return out;
}

describe('escalation chain', () => {
  it('pages each step after its own delay, then repeats the chain after the last step’s delay', () => {
    const policy = { repeat: 1, steps: [{ delayMinutes: 0 }, { delayMinutes: 15 }] };
    expect(run(policy)).toEqual([`1/0@${min(0)}`, `2/0@${min(15)}`, `1/1@${min(30)}`, `2/1@${min(45)}`]);
  });

  it('ends after the last step without a repeat', () => {
    expect(run({ repeat: 0, steps: [{ delayMinutes: 5 }] })).toEqual([`1/0@${min(0)}`]);
  });

  it('waits at least a minute before repeating immediate steps', () => {
    expect(run({ repeat: 2, steps: [{ delayMinutes: 0 }] })).toEqual([
      `1/0@${min(0)}`,
      `1/1@${min(1)}`,
      `1/2@${min(2)}`,
    ]);
  });

  it('numbers the tiers of its emails across repeats', () => {
    const policy = { repeat: 2, steps: [{ delayMinutes: 0 }, { delayMinutes: 5 }, { delayMinutes: 5 }] };
    expect(tierOf(policy, { step: 0, cycle: 0 })).toBe(0);
    expect(tierOf(policy, { step: 2, cycle: 0 })).toBe(2);
    expect(tierOf(policy, { step: 1, cycle: 2 })).toBe(7);
    // A delayed first step is already an escalation.
    expect(tierOf({ repeat: 0, steps: [{ delayMinutes: 10 }] }, { step: 0, cycle: 0 })).toBe(1);
  });
});
