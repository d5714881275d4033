import { Notifications } from '@mantine/notifications';

/** SPEC §4 Toasts and §9: bottom right, at most five at once (the rest queue), each gone after 5 s. */
export const toastLimit = 5;
export const toastAutoCloseMs = 5000;

export function Toasts() {
  return <Notifications position="bottom-right" limit={toastLimit} autoClose={toastAutoCloseMs} />;
}
