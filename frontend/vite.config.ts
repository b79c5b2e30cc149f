/// <reference types="vitest/config" />
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

// Everything is served by the gateway in production; in development Vite forwards
// the API prefixes to it so the app keeps using same-origin paths.
const GATEWAY_URL = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';
const API_PREFIXES = ['/identity', '/system', '/retailstore', '/paymentprovider', '/uploads'];

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  API_PREFIXES.map((prefix) => [prefix, { target: GATEWAY_URL, changeOrigin: false }]),
);

const UNUSED_CSS_VARIABLES = '\0mui-css-variables-unused';

/**
 * MUI's createTheme and ThemeProvider import their CSS-variables versions (the theme
 * compiler, the colour-scheme provider and its storage) whatever the theme, and choose at
 * run time. The shop's theme has no CSS variables (`createAppTheme`: no `cssVariables`, no
 * `colorSchemes`), so those branches never run; the build resolves them to a stub that
 * throws, which keeps about 7 KB gzipped off every first load. Tests and the dev server
 * use MUI unchanged.
 */
function muiWithoutCssVariables(): Plugin {
  return {
    name: 'mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        importer &&
        /[\\/]@mui[\\/]material[\\/]styles[\\/](createTheme|ThemeProvider)\.mjs$/.test(importer) &&
        /^\.\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/.test(source)
      ) {
        return UNUSED_CSS_VARIABLES;
      }
      return null;
    },
    load(id) {
      if (id !== UNUSED_CSS_VARIABLES) return null;
      return [
        "function unused() { throw new Error('MUI CSS theme variables are left out of this build (vite.config.ts)'); }",
        'export default unused;',
        'export const CssVarsProvider = unused;',
      ].join('\n');
    },
  };
}

/** Text assets worth compressing, and the smallest size for which it pays. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes `<asset>.br` (quality 11) and `<asset>.gz` (level 9) next to each text asset.
 * The gateway sends them as they are to clients that accept the encoding; compressing on
 * every answer, it could only afford a fast level (the first load's script is about 230 KB
 * that way, 179 KB as gzip -9 and less as brotli).
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!fileName.startsWith('assets/') || !COMPRESSIBLE.test(fileName)) continue;
        const source =
          output.type === 'chunk' ? Buffer.from(output.code) : Buffer.from(output.source);
        if (source.length < COMPRESS_MIN_BYTES) continue;
        const file = join(outDir, fileName);
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), muiWithoutCssVariables(), precompressAssets()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    sourcemap: false,
    // Every browser the shop supports has modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    // The initial chunk is one file on purpose (below): about 560 KB before compression;
    // its gzipped size is what scripts/bench-frontend.sh tracks.
    chunkSizeWarningLimit: 640,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What index.html loads statically goes out as one file: one request and one
          // gzip window for the storefront's first load instead of ~40 small shared chunks
          // (about 15 KB less gzipped). Lazy routes and dialogs still get their own chunks.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    restoreMocks: true,
    // Screen tests drive whole forms in jsdom; on a busy 2-core machine one took 20 s
    // while the other workers ran, which is slowness, not failure. The limit only stops
    // a test that hangs.
    testTimeout: 60_000,
  },
});
