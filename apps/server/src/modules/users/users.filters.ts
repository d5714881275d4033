import type { AvailableFilter } from '@paydesk/contract';

/** The filters of SPEC §2.8 that every user list offers; labels are i18n keys of the web's `users` namespace. */
export function userListFilters(): AvailableFilter[] {
  return [
    { name: 'uuid', label: 'filters.uuid', type: 'text' },
    { name: 'username', label: 'filters.username', type: 'text' },
    { name: 'is_active', label: 'filters.is_active', type: 'boolean' },
    { name: 'is_blocked', label: 'filters.is_blocked', type: 'boolean' },
  ];
}
