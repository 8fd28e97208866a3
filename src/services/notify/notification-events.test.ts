// The change-action → notification mapping and the @mention parser.
import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS } from '../activity/notifications.service.js';
import { broadcastNotifications, countsAsContribution, mentionedUsernames, NOTIFICATION_LABELS, SUMMARIES, TARGETED, targetedNotifications } from './notification-events.js';

describe('notification events', () => {
  it('maps the actions to the reference notification types', () => {
    expect(broadcastNotifications(13)).toEqual(['NewStringNotificaton']);
    expect(broadcastNotifications(31)).toEqual(['NewStringNotificaton']);
    expect(broadcastNotifications(48)).toEqual(['NewTranslationNotificaton']);
    expect(broadcastNotifications(49)).toEqual(['NewTranslationNotificaton']);
    expect(broadcastNotifications(3)).toEqual(['NewCommentNotificaton']);
    expect(broadcastNotifications(4)).toEqual(['NewSuggestionNotificaton']);
    expect(broadcastNotifications(2)).toEqual(['TranslatedStringNotificaton']);
    expect(broadcastNotifications(5)).toEqual(['TranslatedStringNotificaton']);
    expect(broadcastNotifications(36)).toEqual(['ApprovedStringNotificaton']);
    expect(broadcastNotifications(30)).toEqual(['ChangedStringNotificaton']);
    expect(broadcastNotifications(22)).toEqual(['MergeFailureNotification']);
    expect(broadcastNotifications(23)).toEqual(['MergeFailureNotification']);
    expect(broadcastNotifications(28)).toEqual(['MergeFailureNotification']);
    expect(broadcastNotifications(18)).toEqual(['RepositoryNotification']);
    expect(broadcastNotifications(51)).toEqual(['NewComponentNotificaton']);
    expect(broadcastNotifications(46)).toEqual(['NewAnnouncementNotificaton']);
    expect(broadcastNotifications(47)).toEqual(['NewAlertNotificaton']);
    expect(broadcastNotifications(14)).toEqual(['LockNotification']);
    expect(broadcastNotifications(1)).toEqual(['LanguageTranslatedNotificaton']);
    expect(broadcastNotifications(75)).toEqual(['ComponentTranslatedNotificaton']);
    expect(broadcastNotifications(24)).toEqual(['ParseErrorNotification']);
    // Nobody is told about settings, removals or add-on changes.
    for (const action of [95, 96, 38, 60, 64, 0]) expect(broadcastNotifications(action)).toEqual([]);
  });

  it('raises the targeted comment notifications only for new comments', () => {
    expect(targetedNotifications(3)).toEqual(['MentionCommentNotificaton', 'LastAuthorCommentNotificaton']);
    expect(targetedNotifications(2)).toEqual([]);
    for (const n of targetedNotifications(3)) expect(TARGETED.has(n)).toBe(true);
  });

  it('counts translation work and suggestions as contributions', () => {
    expect(countsAsContribution(2)).toBe(true);
    expect(countsAsContribution(5)).toBe(true);
    expect(countsAsContribution(4)).toBe(true);
    expect(countsAsContribution(3)).toBe(false);
    expect(countsAsContribution(13)).toBe(false);
  });

  it('covers every registered notification: raised by a change, targeted or a summary', () => {
    const raised = new Set<string>([...TARGETED, ...SUMMARIES]);
    for (let action = 0; action < 120; action++) for (const n of broadcastNotifications(action)) raised.add(n);
    for (const n of NOTIFICATIONS) {
      expect(raised.has(n), n).toBe(true);
      expect(NOTIFICATION_LABELS[n], n).toBeTruthy();
    }
  });

  it('finds @mentions', () => {
    expect(mentionedUsernames('@marie please look, and @jean.paul too.')).toEqual(['marie', 'jean.paul']);
    expect(mentionedUsernames('Thanks @marie! @marie')).toEqual(['marie']);
    expect(mentionedUsernames('mail marie@example.com or a@@b')).toEqual([]);
    expect(mentionedUsernames('(@o_k-1) @')).toEqual(['o_k-1']);
  });
});
