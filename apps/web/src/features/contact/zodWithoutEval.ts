import { z } from 'zod';

/*
 * The site's CSP (script-src 'self') forbids eval. zod compiles object parsers with new Function()
 * unless told not to, and its probe for that is reported by the browser as a CSP violation even
 * though zod catches it. The setting is read when a schema is built, so this module must be
 * imported before any module that builds schemas.
 */
z.config({ jitless: true });
