import { metaCalls } from '@sunstack/shared';
import { useClientStore } from '../lib/clientStore.ts';
import { request } from '../lib/http.ts';

/** Loads the errno dictionary once per page (spec section 7: the one call sent with an empty token). */
export async function loadErrorMessages() {
  const result = await request(metaCalls.errorMessages, undefined, { anonymous: true, silent: true });
  useClientStore.getState().setErrorMessages(result.messages);
}
