import { z } from 'zod';

/** What a string's I-V curve is diagnosed as (issue 24): its cause, with a translated advice each. */
export const IV_CAUSES = ['normal', 'open', 'shadingOrCracks', 'soiling', 'shunt', 'seriesResistance', 'degradation', 'mismatch'] as const;
export type IvCause = (typeof IV_CAUSES)[number];
export const ivCause = z.enum(IV_CAUSES);
