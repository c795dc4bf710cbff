import 'server-only';
import { type Database, getDb } from '../../db';
import { backgroundStatus as backgroundStatusOn } from '../connection/background-budget';
import { activeClients } from '../connection/clients';
import * as calendar from './calendar-feed';
import * as channels from './channels';
import * as inApp from './in-app';
import * as mail from './mail';
import * as preferences from './preferences';
import * as unsubscribe from './unsubscribe';
import { lastPollOf } from './watch-store';

/**
 * What pages and route handlers call: the notification modules on the app's own database. The
 * modules themselves take `db` as a parameter because the worker (`npm run worker`) opens its
 * own; app/ never opens the database (docs/architecture.md).
 */
function onAppDb<A extends unknown[], R>(fn: (db: Database, ...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => fn(await getDb(), ...args);
}

export const unreadCount = onAppDb(inApp.unreadCount);
export const listNotifications = onAppDb(inApp.listNotifications);
export const markRead = onAppDb(inApp.markRead);
export const readPreferences = onAppDb(preferences.readPreferences);
export const savePreferences = onAppDb(preferences.savePreferences);
export const calendarFeedState = onAppDb(calendar.calendarFeedState);
export const calendarForToken = onAppDb(calendar.calendarForToken);
export const issueCalendarLink = onAppDb(calendar.issueCalendarLink);
export const revokeCalendarLink = onAppDb(calendar.revokeCalendarLink);
export const listMessages = onAppDb(mail.listMessages);
export const readMessage = onAppDb(mail.readMessage);
/**
 * Each active client's background spend (its own key, its own share) and its last poll, oldest
 * client first: of the clients given (the administrator's), since another client's quota is that
 * client's (spec: Authentication 1, Limits 2).
 */
export const backgroundStatus = onAppDb(async (db: Database, connections: readonly string[]) =>
  Promise.all(
    (await activeClients())
      .filter((client) => connections.includes(client.id))
      .map(async (client) => ({
        client,
        ...(await backgroundStatusOn(db, new Date(), client.id)),
        lastPollAt: await lastPollOf(db, client.id),
      })),
  ),
);
export const unsubscribeWithToken = onAppDb(unsubscribe.unsubscribeWithToken);
export const listChatChannels = onAppDb(channels.listChannels);
export const addChatChannel = onAppDb(channels.addChannel);
export const setChatChannelClasses = onAppDb(channels.updateChannelClasses);
export const removeChatChannel = onAppDb(channels.removeChannel);
