import { createContext, useContext } from 'react';

/** The shell's own dialogs a screen may open (修改密码, 时报设置). */
export type ShellDialog = 'password' | 'hourly' | null;

export interface ShellApi {
  openDialog: (d: ShellDialog) => void;
}

/** Provided by the layout; screens call `useShell().openDialog('password')`. */
export const ShellContext = createContext<ShellApi>({ openDialog: () => undefined });
export const useShell = (): ShellApi => useContext(ShellContext);
