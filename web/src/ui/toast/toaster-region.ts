/** The attribute marking the toast stack, which sits above every drawer and dialog. */
export const TOASTER_ATTRIBUTE = 'data-toaster';

/**
 * Whether a pointer event outside a dialog happened on a toast: closing a toast (drawn above the
 * dialog) must not close the dialog under it as a click outside would.
 */
export function isOnToaster(event: { target: EventTarget | null }): boolean {
  return event.target instanceof Element && event.target.closest(`[${TOASTER_ATTRIBUTE}]`) !== null;
}
