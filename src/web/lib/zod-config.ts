import { z } from 'zod'

// The back office's content security policy allows no `eval` (script-src 'self', src/server/app.ts), and
// zod's fast object parser is generated with `new Function`: even its probe for whether that is allowed is
// reported as a policy violation. Jitless zod parses with its ordinary runtime and never probes. It must be
// set before any schema is built (zod decides at construction), so src/web/main.tsx imports this first.
z.config({ jitless: true })
