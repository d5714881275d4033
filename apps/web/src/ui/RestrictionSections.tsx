import { Fieldset, ScrollArea, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { RestrictionType } from '@paydesk/contract';

/** SPEC §2.14: the sections of a restrictions modal scroll inside it beyond 500 px. */
export const restrictionsMaxHeightPx = 500;

export interface RestrictionSectionsProps {
  types: readonly RestrictionType[];
  /** Type slug → field → text as typed. */
  values: Record<string, Record<string, string>>;
  /** Messages under the fields, keyed by `errorKey(type, field)`. */
  errors: Record<string, string>;
  errorKey: (type: string, field: string) => string;
  readOnly: boolean;
  onChange: (type: string, field: string, value: string) => void;
  /** Said when there are no types at all. */
  emptyText: string;
  /** The keyboard a phone offers: decimal where every value is an amount or a count. */
  inputMode?: 'decimal' | 'text';
}

/**
 * The body of a restrictions modal (requisites, traders in a flow): one titled section per restriction type, a text
 * input per field labelled by the server's name for it, read-only in view mode.
 */
export function RestrictionSections(props: RestrictionSectionsProps) {
  const { types, values, errors, errorKey, readOnly, onChange, emptyText, inputMode = 'text' } = props;
  return (
    <ScrollArea.Autosize mah={restrictionsMaxHeightPx} type="auto" offsetScrollbars>
      <Stack gap="sm">
        {types.length === 0 && (
          <Text size="sm" c="dimmed">
            {emptyText}
          </Text>
        )}
        {types.map((type) => (
          <Fieldset key={type.type.slug} legend={type.type.title}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {type.fields.map((field) => (
                <TextInput
                  key={field}
                  label={type.names[field] ?? field}
                  value={values[type.type.slug]?.[field] ?? ''}
                  onChange={(event) => onChange(type.type.slug, field, event.currentTarget.value)}
                  error={errors[errorKey(type.type.slug, field)]}
                  readOnly={readOnly}
                  inputMode={inputMode}
                  autoComplete="off"
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
