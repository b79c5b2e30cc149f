/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// Everything is served by the gateway in production; in development Vite forwards
// the API prefixes to it so the app keeps using same-origin paths.
const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const API_PREFIXES = ['/identity', '/system', '/retailstore', '/paymentprovider', '/uploads'];

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  API_PREFIXES.map((prefix) => [prefix, { target: GATEWAY_URL, changeOrigin: false }]),
);

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    restoreMocks: true,
    // Screen tests drive whole forms in jsdom; on a busy 2-core machine one can take
    // several seconds, which is slowness, not failure.
    testTimeout: 20_000,
  },
});
