import { useState } from 'react';

/** Gravatar from the email hash, with initials underneath for offline or unknown addresses. */
export function Avatar(props: { emailMd5: string; name: string; size?: 'sm' | 'md' }) {
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
      <img
        src={`https://www.gravatar.com/avatar/${props.emailMd5}?d=404&s=80`}
        alt=""
        className={`absolute inset-0 size-full object-cover ${loaded ? '' : 'invisible'}`}
        onLoad={() => setLoaded(true)}
        onError={() => setLoaded(false)}
      />
    </span>
  );
}
