import type { TFunction } from 'i18next';

const units = [
  { key: 'duration.days', size: 86_400 },
  { key: 'duration.hours', size: 3600 },
  { key: 'duration.minutes', size: 60 },
  { key: 'duration.seconds', size: 1 },
] as const;

/**
 * A span of seconds as a person says it, in its largest unit and the next one when that is not zero: "45 s",
 * "2 min 5 s", "1 h", "2 d 4 h". The unit words come from the directions namespace (`duration.*`).
 */
export function formatDuration(totalSeconds: number, t: TFunction): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const index = units.findIndex((unit) => seconds >= unit.size);
  const major = units[index];
  if (!major) return t('duration.seconds', { count: 0 });
  const text = t(major.key, { count: Math.floor(seconds / major.size) });
  const minor = units[index + 1];
  const minorCount = minor ? Math.floor((seconds % major.size) / minor.size) : 0;
  return minor && minorCount > 0 ? `${text} ${t(minor.key, { count: minorCount })}` : text;
}
