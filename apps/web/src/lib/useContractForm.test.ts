import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './http';
import { useContractForm } from './useContractForm';

const schema = z.object({
  name: z.string().trim().min(1, 'validation.name_required'),
  count: z.number().int('validation.count_whole'),
});
const initial = { name: '', count: '1' };
const toInput = (values: typeof initial) => ({ name: values.name, count: Number(values.count) });
const base = { translate: (key: string) => `[${key}]`, fallback: 'Failed.' };
const refusal = (fieldErrors: Record<string, string[]>) =>
  new ApiError({ status: 422, code: 'validation_failed', localizedMessage: 'Some fields are wrong.', fieldErrors });

describe('useContractForm', () => {
  it('sends nothing while the schema refuses the values, and puts its messages under the fields', async () => {
    const { result } = renderHook(() => useContractForm(schema, initial, { ...base, transform: toInput }));
    const send = vi.fn();
    await act(() => result.current.submit(send));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.form.errors).toEqual({ name: '[validation.name_required]' });
  });

  it('checks and sends the transformed values', async () => {
    const { result } = renderHook(() => useContractForm(schema, initial, { ...base, transform: toInput }));
    act(() => result.current.form.setFieldValue('name', 'Shop'));
    const send = vi.fn(async (data: z.output<typeof schema>) => data);
    let sent: unknown;
    await act(async () => {
      sent = await result.current.submit(send);
    });
    expect(sent).toEqual({ name: 'Shop', count: 1 });
  });

  it('keeps a message while the field is edited, or forgets it with clearErrorOnChange', async () => {
    for (const clearErrorOnChange of [false, true]) {
      const { result } = renderHook(() =>
        useContractForm(schema, initial, { ...base, transform: toInput, clearErrorOnChange }),
      );
      await act(() => result.current.submit(vi.fn()));
      act(() => result.current.form.setFieldValue('name', 'S'));
      expect(result.current.form.errors.name).toBe(clearErrorOnChange ? undefined : '[validation.name_required]');
    }
  });

  it('puts a server message under one of `fields` and any other in the failure', async () => {
    const { result } = renderHook(() =>
      useContractForm(schema, { name: 'Shop', count: '1' }, { ...base, transform: toInput, fields: ['name', 'other'] }),
    );
    await act(() => result.current.submit(() => Promise.reject(refusal({ other: ['Taken.'], count: ['Too many.'] }))));
    expect(result.current.form.errors).toEqual({ other: 'Taken.' });
    expect(result.current.failure).toBe('Too many.');
  });

  it('says the general message beside the field messages with failureAlongside', async () => {
    const { result } = renderHook(() =>
      useContractForm(schema, { name: 'Shop', count: '1' }, { ...base, transform: toInput, failureAlongside: true }),
    );
    await act(() => result.current.submit(() => Promise.reject(refusal({ name: ['Taken.'] }))));
    expect(result.current.form.errors).toEqual({ name: 'Taken.' });
    expect(result.current.failure).toBe('Some fields are wrong.');
    await act(() => result.current.submit(() => Promise.reject(refusal({ name: ['Taken.'], uuid: ['Yourself.'] }))));
    expect(result.current.failure).toBe('Yourself.');
  });

  it("names the schema's messages by their whole path with fields 'any'", async () => {
    const rows = z.object({ rows: z.array(z.object({ min: z.string().min(1, 'validation.min_required') })) });
    const { result } = renderHook(() =>
      useContractForm(rows, { rows: [{ min: '1' }, { min: '' }] }, { ...base, fields: 'any' }),
    );
    const send = vi.fn();
    await act(() => result.current.submit(send));
    expect(send).not.toHaveBeenCalled();
    expect(result.current.form.errors).toEqual({ 'rows.1.min': '[validation.min_required]' });
  });

  it("keeps every field's message with fields 'any', and asks a fallback function about the failure", async () => {
    const fallback = vi.fn((error: unknown) => (error instanceof ApiError ? 'No answer.' : 'Failed.'));
    const { result } = renderHook(() =>
      useContractForm(
        schema,
        { name: 'Shop', count: '1' },
        { ...base, fallback, transform: toInput, fields: 'any', failureAlongside: true },
      ),
    );
    const refused = new ApiError({ status: 422, code: 'validation_failed', fieldErrors: { 'rows.1.min': ['Low.'] } });
    await act(() => result.current.submit(() => Promise.reject(refused)));
    expect(result.current.form.errors).toEqual({ 'rows.1.min': 'Low.' });
    expect(result.current.failure).toBe('No answer.');
    expect(fallback).toHaveBeenCalledWith(refused);
  });

  it('shows an empty text field as no choice in a select, and a cleared choice as an empty field', () => {
    const { result } = renderHook(() => useContractForm(schema, initial, base));
    expect(result.current.selectProps('name').value).toBeNull();
    act(() => result.current.selectProps('name').onChange('Shop'));
    expect(result.current.selectProps('name').value).toBe('Shop');
    act(() => result.current.selectProps('name').onChange(null));
    expect(result.current.form.getValues().name).toBe('');
  });
});
