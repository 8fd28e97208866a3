// Which notifications a change raises: the change actions mapped to the reference's notification types, and @mentions in comments.
import { tr } from '../../ui/i18n.js';
import { msgid } from '../../shared/msgid.js';
import { ACTION_NAMES, TRANSLATION_ACTIONS } from '../../domain/change-actions.js';
import type { NotificationName } from '../activity/notifications.service.js';

/**
 * Notifications every subscriber in scope receives for a change of this action. Comments also raise
 * the targeted MentionCommentNotificaton and LastAuthorCommentNotificaton (see TARGETED), and a
 * user's first change in a translation NewContributorNotificaton (see countsAsContribution).
 */
const BY_ACTION: ReadonlyMap<number, readonly NotificationName[]> = new Map<number, readonly NotificationName[]>([
  // Strings added to the source (by hand, from the repository, by an upload).
  [13, ['NewStringNotificaton']],
  [31, ['NewStringNotificaton']],
  [71, ['NewStringNotificaton']],
  [73, ['NewStringNotificaton']],
  [89, ['NewStringNotificaton']],
  [90, ['NewStringNotificaton']],
  // A language added to a component, or requested.
  [48, ['NewTranslationNotificaton']],
  [49, ['NewTranslationNotificaton']],
  [3, ['NewCommentNotificaton']],
  [4, ['NewSuggestionNotificaton']],
  [45, ['NewContributorNotificaton']],
  // Translations saved, added, filled in automatically, accepted from a suggestion or uploaded.
  [2, ['TranslatedStringNotificaton']],
  [5, ['TranslatedStringNotificaton']],
  [6, ['TranslatedStringNotificaton']],
  [7, ['TranslatedStringNotificaton']],
  [9, ['TranslatedStringNotificaton']],
  [36, ['ApprovedStringNotificaton']],
  // The source string changed (by hand, in the repository, by an upload).
  [30, ['ChangedStringNotificaton']],
  [59, ['ChangedStringNotificaton']],
  [72, ['ChangedStringNotificaton']],
  [1, ['LanguageTranslatedNotificaton']],
  [75, ['ComponentTranslatedNotificaton']],
  [51, ['NewComponentNotificaton']],
  [46, ['NewAnnouncementNotificaton']],
  [47, ['NewAlertNotificaton']],
  [14, ['LockNotification']],
  [15, ['LockNotification']],
  [55, ['LicenseNotification']],
  [24, ['ParseErrorNotification']],
  // Failed merge, rebase and push; the repository operations themselves.
  [22, ['MergeFailureNotification']],
  [23, ['MergeFailureNotification']],
  [28, ['MergeFailureNotification']],
  [17, ['RepositoryNotification']],
  [18, ['RepositoryNotification']],
  [19, ['RepositoryNotification']],
  [20, ['RepositoryNotification']],
  [21, ['RepositoryNotification']],
]);

/** Comment notifications that go to particular users (the mentioned ones, the string's last author), not to every subscriber. */
export const TARGETED: ReadonlySet<NotificationName> = new Set<NotificationName>(['MentionCommentNotificaton', 'LastAuthorCommentNotificaton']);

/** Notifications computed when a digest is sent, for the subscriber's scope, rather than raised by a change. */
export const SUMMARIES: readonly NotificationName[] = ['TranslationActivitySummaryNotification', 'PendingSuggestionsNotification', 'ToDoStringsNotification'];

const COMMENT_ADDED = 3;

/** The notifications every subscriber in scope gets for this action (none for actions nobody is told about). */
export function broadcastNotifications(action: number): readonly NotificationName[] {
  return BY_ACTION.get(action) ?? [];
}

/** The targeted notifications this action may raise. */
export function targetedNotifications(action: number): readonly NotificationName[] {
  return action === COMMENT_ADDED ? ['MentionCommentNotificaton', 'LastAuthorCommentNotificaton'] : [];
}

/** Whether the change is a user's work on a translation, whose first one in that translation makes them a new contributor. */
export function countsAsContribution(action: number): boolean {
  return TRANSLATION_ACTIONS.has(action) || action === 4;
}

/**
 * The usernames a comment mentions as `@name`, each once, in order. A mention starts at the start of
 * the text or after a character that is not part of a name (so e-mail addresses mention nobody), and
 * a trailing dot ends the sentence rather than the name.
 */
export function mentionedUsernames(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|[^\w@.+-])@([\w.+-]+)/gu)) {
    const name = m[1]!.replace(/[.]+$/, '');
    if (name !== '' && !out.includes(name)) out.push(name);
  }
  return out;
}

/** What the message says happened, from the change's action. */
export function actionLabel(action: number): string {
  return tr(ACTION_NAMES[action] ?? msgid('Change'));
}

/** Human names of the notifications, for messages and the unsubscribe page. */
export const NOTIFICATION_LABELS: Record<NotificationName, string> = {
  RepositoryNotification: msgid('Operation was performed in the repository'),
  LockNotification: msgid('Component was locked or unlocked'),
  LicenseNotification: msgid('License was changed'),
  ParseErrorNotification: msgid('Parse error occurred'),
  NewStringNotificaton: msgid('String is available for translation'),
  TranslationActivitySummaryNotification: msgid('Last changes summary'),
  NewContributorNotificaton: msgid('Contributor made their first translation'),
  NewSuggestionNotificaton: msgid('Suggestion was added'),
  LanguageTranslatedNotificaton: msgid('Language was translated'),
  ComponentTranslatedNotificaton: msgid('Component was translated in all languages'),
  NewCommentNotificaton: msgid('Comment was added'),
  MentionCommentNotificaton: msgid('You were mentioned in a comment'),
  LastAuthorCommentNotificaton: msgid('Comment was added on a string you translated'),
  TranslatedStringNotificaton: msgid('String was edited by user'),
  ApprovedStringNotificaton: msgid('String was approved'),
  ChangedStringNotificaton: msgid('Source string was changed'),
  NewTranslationNotificaton: msgid('New language was added or requested'),
  NewComponentNotificaton: msgid('New translation component was created'),
  NewAnnouncementNotificaton: msgid('Announcement was published'),
  NewAlertNotificaton: msgid('New alert emerged in a component'),
  MergeFailureNotification: msgid('Repository operation failed'),
  PendingSuggestionsNotification: msgid('Pending suggestions exist'),
  ToDoStringsNotification: msgid('Strings need attention'),
};
