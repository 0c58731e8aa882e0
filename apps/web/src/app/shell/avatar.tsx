import { useState } from 'react';

/**
 * The user's initials, and over them their Gravatar image when the server allows one (`avatarUrl`
 * is null by default: the browser then asks no third party for anything).
 */
export function Avatar(props: { avatarUrl: string | null; name: string; size?: 'sm' | 'md' }) {
  const [loaded, setLoaded] = useState(false);
  const initials = props.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  const size = props.size === 'md' ? 'size-10 text-sm' : 'size-8 text-xs';
  return (
    <span
      className={`relative inline-flex ${size} shrink-0 items-center justify-center overflow-hidden rounded-full bg-blue-700 font-semibold text-white`}
      aria-hidden="true"
    >
      {initials}
      {props.avatarUrl ? (
        <img
          src={props.avatarUrl}
          alt=""
          className={`absolute inset-0 size-full object-cover ${loaded ? '' : 'invisible'}`}
          onLoad={() => setLoaded(true)}
          onError={() => setLoaded(false)}
        />
      ) : null}
    </span>
  );
}
