import { Notifications } from '@mantine/notifications';
import { toastAutoCloseMs, toastLimit } from './providers';

/** SPEC §4 Toasts and §9: bottom right, at most five at once (the rest queue), each gone after 5 s. */
export function Toasts() {
  return <Notifications position="bottom-right" limit={toastLimit} autoClose={toastAutoCloseMs} />;
}
