import { useState } from 'react';
import { displayName, type SessionUser } from '~/lib/auth-store';

/** The user's picture, or the first letter of the name on the brand colour. */
export function Avatar({ user, size = 36 }: { user: Pick<SessionUser, 'name' | 'cover_url'>; size?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  const url = user.cover_url && user.cover_url !== broken ? user.cover_url : null;
  const style = { width: size, height: size };
  if (url) {
    return (
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        style={style}
        onError={() => setBroken(url)}
        className="shrink-0 rounded-full bg-surface object-cover"
      />
    );
  }
  const initial = Array.from(displayName(user))[0]?.toUpperCase() ?? '';
  return (
    <span
      aria-hidden="true"
      style={{ ...style, fontSize: size * 0.42 }}
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand font-bold text-white"
    >
      {initial}
    </span>
  );
}
