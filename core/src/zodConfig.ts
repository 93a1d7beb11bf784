// zod 4 probes `new Function` to compile fast parsers; under the shop's CSP
// (script-src 'self', no 'unsafe-eval') that probe is a reported violation in
// every browser page. Interpreted parsing is fast enough for forms and API
// payloads (issue 15). Imported first by index.ts, so it runs before any
// module of core builds a schema.
import { z } from 'zod';

z.config({ jitless: true });
