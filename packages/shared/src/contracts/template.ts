import { z } from 'zod';
import { idSchema, pageFields } from './plant.ts';
import { plantSettings, type SettingsChange, STRATEGY_WORK_MODES, schedulePeriods } from './settings.ts';
import { pricePeriods } from './tariff.ts';

/**
 * A battery strategy (spec section 3, "Template and work model"): the work mode, its time periods,
 * the minimum SoC, and the electricity price periods it was planned on. The first three are the
 * device's settings (the keys they are sent under); the prices stay on the platform.
 */
export const strategy = z.strictObject({
  WorkMode: z.enum(STRATEGY_WORK_MODES, { error: 'validation.strategyWorkMode' }),
  MinSoc: plantSettings.shape.MinSoc,
  SchedulePeriods: schedulePeriods,
  PricePeriods: pricePeriods,
});
export type Strategy = z.infer<typeof strategy>;

/** The settings a strategy sends to a device (setting.set). */
export const settingsOfStrategy = ({ WorkMode, MinSoc, SchedulePeriods }: Strategy): SettingsChange => ({
  WorkMode,
  MinSoc,
  SchedulePeriods,
});

const templateName = z.string().trim().min(1, { error: 'template.nameLength' }).max(64, { error: 'template.nameLength' });

export const templateSaveBody = z.strictObject({ name: templateName, strategy });
export type TemplateSaveBody = z.infer<typeof templateSaveBody>;
export const templateUpdateBody = templateSaveBody.extend({ id: idSchema });
export type TemplateUpdateBody = z.infer<typeof templateUpdateBody>;
export const templateIdBody = z.strictObject({ id: idSchema });

export const templateListBody = z.strictObject({ ...pageFields, name: z.string().trim().max(64).optional() });
export type TemplateListBody = z.infer<typeof templateListBody>;

export const template = z.object({
  id: z.number(),
  name: z.string(),
  strategy,
  /** Whether the caller may change or delete it (an installer only its own; others every one it sees). */
  writable: z.boolean(),
  createdBy: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Template = z.infer<typeof template>;

export const templateListResult = z.object({
  total: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  templates: z.array(template),
});
export const templateCreated = z.object({ id: z.number() });
