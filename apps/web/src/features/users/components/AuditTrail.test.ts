import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import { auditValueText } from './AuditTrail';

/** Looks a key up in the Russian file, as i18next would, falling back to the default value. */
function russian(key: string, options?: Record<string, unknown>): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], ru);
  return typeof found === 'string' ? found : String(options?.defaultValue ?? key);
}

/** Every dotted key of a nested translation object. */
function keysOf(node: object, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('audit values in words', () => {
  it('shortens the ids of what changed and names a terminal status in the reader language', () => {
    expect(auditValueText('id', '01a201f1-0000-7000-8000-0000000000c1', russian)).toBe('01a2…00c1');
    expect(auditValueText('requisite', '01a201f1-0000-7000-8000-0000000000c2', russian)).toBe('01a2…00c2');
    expect(auditValueText('status', 'disabled_by_admin', russian)).toBe('Выключен администратором');
    expect(auditValueText('restrictions', { amount: '100-500', count: 3 }, russian)).toBe('amount: 100-500; count: 3');
    expect(auditValueText('invite', { hint: 'Ab3x', expires_at: '2026-03-12T07:08:09.000Z' }, russian)).toBe('Ab3x…');
  });

  it('names every audit action, field and status in both languages', () => {
    for (const part of ['auditAction', 'auditField', 'auditStatus'] as const) {
      expect(keysOf(ru[part]).sort(), part).toEqual(keysOf(en[part]).sort());
    }
    expect(keysOf(en.auditAction)).toEqual(
      expect.arrayContaining([
        'terminal.created',
        'requisite.updated',
        'flow.executor_added',
        'anti_fraud.case_released',
      ]),
    );
  });
});
