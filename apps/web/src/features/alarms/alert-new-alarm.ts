import type { AlarmSummary } from '@rcm/shared/alarms';
import { SEVERITY_ORDER } from '@/components/badges.tsx';
import { alertSettings } from './components/alert-settings.tsx';

let audio: AudioContext | null = null;

/** Two short tones from WebAudio: no sound file to load. */
function beep(): void {
  audio ??= new AudioContext();
  const ctx = audio;
  for (const [offset, freq] of [
    [0, 880],
    [0.25, 660],
  ] as const) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.15, ctx.currentTime + offset);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + offset + 0.2);
    osc.connect(gain).connect(ctx.destination);
    osc.start(ctx.currentTime + offset);
    osc.stop(ctx.currentTime + offset + 0.22);
  }
}

/** The user's chosen sound and browser notification for a new alarm at or above their severity. */
export function alertNewAlarm(alarm: AlarmSummary, text: string): void {
  const settings = alertSettings();
  const rank = (s: string) => SEVERITY_ORDER.indexOf(s as (typeof SEVERITY_ORDER)[number]);
  if (rank(alarm.severity) > rank(settings.minSeverity)) return;
  if (settings.sound) {
    try {
      beep();
    } catch {
      // No audio output (or autoplay blocked until the user interacts): the toast still shows.
    }
  }
  if (settings.notify && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    new Notification(text, { tag: `alarm-${alarm.ref}` });
  }
}
