/** Authorized controllers the demo seeds (pending ones aside). */
export const DEMO_CONTROLLERS = 40;

/** The demo controllers that stay silent, so the offline sweep and "Offline Controllers" have something. */
export function isSilentDemoController(index: number): boolean {
  return index % 9 === 4;
}
