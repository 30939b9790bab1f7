import { CHUNK_LOAD_TIMEOUT_MS } from '@sunstack/shared';
import { message } from 'antd';
import { type ComponentType, lazy } from 'react';
import { i18next } from '../lib/i18n.ts';

const RELOADED_KEY = 'sunstack-chunk-reload';

/**
 * A screen loaded on first use. A chunk that fails (a new release replaced it, or it took more
 * than 120 s) shows a warning and reloads the page once; a second failure shows the error.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    try {
      const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_LOAD_TIMEOUT_MS));
      const module = await Promise.race([load(), timeout]);
      sessionStorage.removeItem(RELOADED_KEY);
      return module;
    } catch (error) {
      if (!sessionStorage.getItem(RELOADED_KEY)) {
        sessionStorage.setItem(RELOADED_KEY, '1');
        void message.warning(i18next.t('common.chunkLoadFailed'));
        setTimeout(() => window.location.reload(), 1500);
      }
      throw error;
    }
  });
}
