import { existsSync } from 'node:fs';

/** Flags of every browser the tests start. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (package chromium), or the binary `CHROMIUM_PATH` names. */
export const FULL_CHROMIUM = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS };

// Debian's headless shell (package chromium-headless-shell): the same engine without the full
// browser's interface, about a quarter less CPU per test than `chromium --headless`. It has no Push
// API or notifications: the tests of those ask for FULL_CHROMIUM.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The headless shell when installed (and no `CHROMIUM_PATH` is set), else Chromium. */
export const DEFAULT_BROWSER =
  !process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)
    ? { executablePath: HEADLESS_SHELL, args: ARGS }
    : FULL_CHROMIUM;
