import { journalCalls } from '@sunstack/shared';
import type { FastifyInstance } from 'fastify';
import { clientInfo } from '../../core/caller.ts';
import { route } from '../../http/calls.ts';
import { sessionOf } from '../../http/requestContext.ts';
import type { JournalService } from './service.ts';

/** The reader's language is the console's (the lang header), the language everything else on screen is in. */
export function journalRoutes(app: FastifyInstance, journal: JournalService) {
  route(app, journalCalls.list, (body, request) => journal.list(sessionOf(request), body));
  route(app, journalCalls.create, (body, request) => journal.create(sessionOf(request), clientInfo(request), body));
  route(app, journalCalls.update, (body, request) => journal.update(sessionOf(request), clientInfo(request), body));
  route(app, journalCalls.state, (body, request) => journal.setState(sessionOf(request), clientInfo(request), body));
  route(app, journalCalls.delete, (body, request) => journal.delete(sessionOf(request), clientInfo(request), body.id));
  route(app, journalCalls.unseen, (_, request) => journal.unseen(sessionOf(request), request.lang));
  route(app, journalCalls.seen, (body, request) => journal.markSeen(sessionOf(request), body.ids));
  route(app, journalCalls.news, (body, request) => journal.news(request.lang, body));
}
