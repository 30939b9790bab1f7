import { DEVICE_TYPES } from '@sunstack/shared';
import type { TFunction } from 'i18next';

/** A product type's name: a device type's is the device list's word for it. */
export const productLabel = (t: TFunction, product: string) =>
  (DEVICE_TYPES as readonly string[]).includes(product) ? t(`device.types.${product}`) : t(`workOrder.products.${product}`);
