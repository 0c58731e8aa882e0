import { useSeededName } from '@/lib/seeded-names.ts';

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) return 0;
  const n = Number.parseInt(m[1], 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** Black or white, whichever contrasts more with the background. */
export function readableTextOn(hex: string): '#000000' | '#ffffff' {
  const l = luminance(hex);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/**
 * The role name in the role's colour: a badge, so its contrast holds in both themes. A seeded role's
 * name reads in the interface language.
 */
export function RoleBadge(props: { name: string; color: string }) {
  const seeded = useSeededName();
  return (
    <span
      className="inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium"
      style={{ backgroundColor: props.color, color: readableTextOn(props.color) }}
    >
      {seeded('role', props.name)}
    </span>
  );
}
