import { z } from 'zod';
import { idSchema } from './plant.ts';

/** Moving a branch under another organisation keeps all its data (issue 3). */
export const organisationMoveBody = z.strictObject({ id: idSchema, parentId: idSchema });
