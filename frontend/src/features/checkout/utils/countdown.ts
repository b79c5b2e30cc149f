import { useEffect, useState } from 'react';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Milliseconds left as a clock: `14:59`, `1:02:03` past an hour, `00:00` once over.
 * Rounded up, so the clock shows 00:00 only when the time is really up.
 */
export function formatCountdown(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** Milliseconds until `deadline` (an RFC 3339 instant), never below 0; NaN for a bad date. */
export function msUntil(deadline: string | null | undefined, now: number = Date.now()): number {
  const at = deadline ? new Date(deadline).getTime() : Number.NaN;
  return Number.isNaN(at) ? Number.NaN : Math.max(0, at - now);
}

/** Milliseconds left until `deadline`, ticking every second while there is time left. */
export function useCountdown(deadline: string | null | undefined): number {
  const [left, setLeft] = useState(() => msUntil(deadline));
  useEffect(() => {
    setLeft(msUntil(deadline));
    if (!deadline) return;
    const timer = window.setInterval(() => {
      const next = msUntil(deadline);
      setLeft(next);
      if (!(next > 0)) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return left;
}
