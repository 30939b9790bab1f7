import { defineCall } from './call.ts';

/** What every page loads before anything else: the errno messages and the country names. */
export const metaCalls = {
  errorMessages: defineCall({
    method: 'GET',
    path: '/c/v0/errors/message',
    // FoxESS's clients call it with an empty token and no signature (foxesscloud's get_messages).
    access: 'unsigned',
    answer: 'errorsMessageResult',
    tag: 'meta',
    summary: 'Error messages by language, then errno',
  }),
  countries: defineCall({
    method: 'GET',
    path: '/c/v1/map/countries',
    access: 'public',
    answer: 'countriesResult',
    tag: 'meta',
    summary: 'Countries with names in the request language',
  }),
};
