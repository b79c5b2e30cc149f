import { z } from 'zod';

// Imported for its effect by every module that defines a schema, so it runs before the
// first parse. Without it zod probes `new Function` once; the shop's CSP forbids eval,
// and the refused probe shows as a policy violation on every page with a form.
z.config({ jitless: true });
