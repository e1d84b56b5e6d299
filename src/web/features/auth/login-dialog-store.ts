import { createStore } from '@web/lib/create-store';

/**
 * Whether the staff login dialog is asked for, and where to go after signing in: null to land
 * on the role's own screen, or the staff page the dialog was opened on.
 */
export const loginDialogStore = createStore<{ open: boolean; stayOn: string | null }>({
  open: false,
  stayOn: null,
});

/** Opens the login dialog, as the footer logo's ten quick presses do. */
export function openLoginDialog(stayOn: string | null = null): void {
  loginDialogStore.set({ open: true, stayOn });
}

export function closeLoginDialog(): void {
  loginDialogStore.set({ open: false, stayOn: null });
}
