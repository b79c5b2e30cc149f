import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/config/constants';
import { createPersistentStore } from '../persistent-store';

export type ColorMode = 'light' | 'dark';

/** The class the spec puts on `<html>` in dark mode. */
export const DARK_CLASS = 'app-dark';

const store = createPersistentStore<ColorMode>(STORAGE_KEYS.colorMode, 'light', (raw) =>
  raw === 'light' || raw === 'dark' ? raw : null,
);

function applyToDocument(mode: ColorMode): void {
  const root = document.documentElement;
  root.classList.toggle(DARK_CLASS, mode === 'dark');
  root.style.colorScheme = mode;
}

export function getColorMode(): ColorMode {
  return store.get();
}

export function setColorMode(mode: ColorMode): void {
  applyToDocument(mode);
  store.set(mode);
}

export function toggleColorMode(): void {
  setColorMode(getColorMode() === 'dark' ? 'light' : 'dark');
}

/** Applies the remembered mode before React renders, so there is no flash of light. */
export function initColorMode(): void {
  applyToDocument(getColorMode());
}

export function useColorMode(): ColorMode {
  return useSyncExternalStore(store.subscribe, store.get, () => 'light');
}
