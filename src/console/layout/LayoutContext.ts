import { createContext, useContext } from 'react';

export type ShellDialog = 'password' | 'hourly' | null;

export interface LayoutApi {
  openDialog: (d: ShellDialog) => void;
}

export const LayoutContext = createContext<LayoutApi>({ openDialog: () => undefined });
export const useLayout = (): LayoutApi => useContext(LayoutContext);
