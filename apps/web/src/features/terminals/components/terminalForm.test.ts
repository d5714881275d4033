import type { Terminal } from '@paydesk/contract';
import { describe, expect, it } from 'vitest';
import { terminal } from '../testData';
import { changedFields, requisiteOptions } from './terminalForm';

const phone: Terminal = terminal({
  name: 'Main phone',
  requisites: [
    { id: 'r1', name: 'Sber card' },
    { id: 'r2', name: 'Ozon SBP' },
  ],
});

describe('changedFields', () => {
  it('is empty when nothing changed, whatever the order of the requisites or spaces around the name', () => {
    expect(changedFields(phone, { name: ' Main phone ', requisites: ['r2', 'r1'] })).toEqual({});
  });

  it('holds only the name when only the name changed', () => {
    expect(changedFields(phone, { name: 'Spare phone', requisites: ['r1', 'r2'] })).toEqual({ name: 'Spare phone' });
  });

  it('holds only the requisites when only they changed', () => {
    expect(changedFields(phone, { name: 'Main phone', requisites: ['r1'] })).toEqual({ requisites: ['r1'] });
    expect(changedFields(phone, { name: 'Main phone', requisites: ['r1', 'r3'] })).toEqual({
      requisites: ['r1', 'r3'],
    });
  });

  it('keeps a blanked name, for the schema to refuse', () => {
    expect(changedFields(phone, { name: '  ', requisites: ['r1', 'r2'] })).toEqual({ name: '  ' });
  });
});

describe('requisiteOptions', () => {
  it('offers the choices, then the carried requisites missing from them', () => {
    expect(requisiteOptions([{ id: 'r1', name: 'Sber card' }], phone.requisites)).toEqual([
      { value: 'r1', label: 'Sber card' },
      { value: 'r2', label: 'Ozon SBP' },
    ]);
  });
});
