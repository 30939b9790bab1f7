import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';

export const errorsMessageResult = z.object({
  messages: z.record(z.enum(LANGUAGES), z.record(z.string(), z.string())),
});

export const countriesResult = z.object({
  countries: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type Country = z.infer<typeof countriesResult>['countries'][number];
