/** Small formatting helpers shared by the console's screens. */
const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const count = new Intl.NumberFormat('en-IN');

export const formatDateTime = (iso: string | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—');
export const formatCount = (n: number) => count.format(n);
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  return seconds < 60 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}
export function relativeToNow(iso: string | null, now = Date.now()): string {
  if (!iso) return '—';
  const diff = new Date(iso).getTime() - now;
  const minutes = Math.round(Math.abs(diff) / 60_000);
  if (minutes < 1) return diff <= 0 ? 'due now' : 'in under a minute';
  const text = minutes < 60 ? `${minutes} min` : minutes < 48 * 60 ? `${Math.round(minutes / 60)} h` : `${Math.round(minutes / 1440)} days`;
  return diff <= 0 ? `due (${text} ago)` : `in ${text}`;
}

/** An import run's status as the console writes it ("not_modified" → "not modified"). */
export const runStatusLabel = (status: string) => status.replace(/_/g, ' ');
